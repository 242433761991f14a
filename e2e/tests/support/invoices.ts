import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { registerAccount, signInWithToken } from './accounts.ts';
import { ownerApi, serviceIdByDomain } from './owner-api.ts';

export interface InvoiceRow {
  id: number;
  status: string;
  duedate: string;
  total: string;
  credit: string;
}

/** The demo owner's invoices, newest first, as `GET invoices` lists them (of one service with `relid`). */
export async function demoInvoices(request: APIRequestContext, relid?: number): Promise<InvoiceRow[]> {
  const path = relid === undefined ? '/invoices' : `/invoices?relid=${relid}`;
  const body = await ownerApi<{ invoices: { invoice: InvoiceRow[] } }>(request, 'GET', path);
  return body.invoices.invoice;
}

/** The demo owner's first invoice, newest first, that `predicate` picks. */
export async function demoInvoiceWith(
  request: APIRequestContext,
  predicate: (invoice: InvoiceRow) => boolean,
): Promise<InvoiceRow> {
  const invoice = (await demoInvoices(request)).find(predicate);
  expect(invoice, 'the demo data holds such an invoice').toBeDefined();
  return invoice!;
}

/**
 * The demo owner's Unpaid hosting invoice of its VPS, due in some days: the one that takes credit
 * (an Add Funds invoice another journey raised would not).
 */
export async function demoHostingInvoiceDue(request: APIRequestContext): Promise<InvoiceRow> {
  const vps = await serviceIdByDomain(request, 'web01.demo.example');
  const invoice = (await demoInvoices(request, vps)).find((candidate) => candidate.status === 'Unpaid');
  expect(invoice, 'the demo data holds such an invoice').toBeDefined();
  return invoice!;
}

/** Signs `email` in through the API and gives its bearer header (for accounts made by a test). */
export async function headersOf(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ authorization: string }> {
  const login = await request.post('/api/login', { data: { email, password2: password } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Raises an AddFunds invoice of `amount` dollars for the account of `headers`; gives its id. */
export async function addFunds(
  request: APIRequestContext,
  headers: { authorization: string },
  amount: number,
): Promise<number> {
  const response = await request.post('/api/invoices/funds', { headers, data: { amount } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invoiceid: number }).invoiceid;
}

/** The profile fields non-crypto payments need (`user_details_ok`). */
const completeDetails = {
  firstname: 'Erin',
  lastname: 'Example',
  companyname: '',
  address1: '1 Main Street',
  address2: '',
  city: 'Albany',
  state: 'NY',
  postcode: '12207',
  country: 'US',
  phonenumber: '+1.5185550100',
};

/** Saves the account's details in full through the API, as the Account page would. */
export async function completeAccountDetails(request: APIRequestContext, headers: { authorization: string }) {
  const response = await request.put('/api/user/edit', { headers, data: completeDetails });
  expect(response.status(), await response.text()).toBe(200);
}

/** The invoice page's status badge of `status` (the header shows one). */
export const statusBadge = (page: Page, status: string) => page.getByText(status, { exact: true }).first();

/**
 * A fresh owner with complete details and an Unpaid Add Funds invoice of `amount` dollars of its
 * own, open in the browser: a payment journey that disturbs no other. Gives the invoice's id.
 */
export async function openOwnInvoice(page: Page, amount: number, prefix = 'pay'): Promise<number> {
  const account = await registerAccount(page.request, prefix);
  const headers = await headersOf(page.request, account.email, account.password);
  await completeAccountDetails(page.request, headers);
  const invoiceId = await addFunds(page.request, headers, amount);
  await signInWithToken(page, account.email, account.password);
  await page.goto(`/invoices/${invoiceId}`);
  await expect(statusBadge(page, 'Unpaid')).toBeVisible();
  return invoiceId;
}

/** Types a card into the card element under the payment method and presses Pay Now. */
export async function payWithNewCard(page: Page, number = '4242424242424242') {
  const field = page.getByRole('group', { name: 'Card' });
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('Expiration date').fill('1234');
  await field.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

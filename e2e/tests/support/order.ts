import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type Account, registerAccount } from './accounts.ts';
import { mailedLink } from './mail.ts';

/** The order wizard's step labels (portal spec §2). */
export const stepper = (page: Page) => page.getByRole('navigation', { name: 'Order steps' });

/** A step label of the wizard, as a button (clickable or not). */
export const stepLabel = (page: Page, label: string) => stepper(page).getByRole('button', { name: label });

/** The summary panel of the configure and checkout steps. */
export const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

/** A product card of a catalogue, by its name and location ('DW-2G (New York)'). */
export const productCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The 'Starting from' prices of the cards of `scope`, in cents, in the order shown. */
export async function startingPrices(scope: Locator): Promise<number[]> {
  const texts = await scope
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.textContent?.match(/Starting from\$([\d,]+\.\d{2}) USD/i)?.[1] ?? ''),
    );
  return texts.map((text) => Math.round(Number(text.replace(/,/g, '')) * 100));
}

/** A row of the summary panel: its label and its amount. */
export const summaryRow = (page: Page, label: string | RegExp) =>
  summary(page)
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

/**
 * A fresh owner whose e-mail address is verified (orders are not processed before): registered
 * through the API, verified with the mailed link.
 */
export async function verifiedAccount(request: APIRequestContext, prefix: string): Promise<Account> {
  const account = await registerAccount(request, prefix);
  const link = await mailedLink(account.email, 'verify-email');
  const token = link.slice(link.lastIndexOf('/') + 1);
  const verified = await request.post('/api/email-verification/verify', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema/index.ts';
import { type AccountCaller, accountCallerTokens } from '../support/account-callers.ts';
import { bearer, createUser } from '../support/fixtures.ts';
import { checkoutsOf, completeProfile, createListeningApp } from '../support/gateways.ts';
import { createInvoice } from '../support/invoices.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import type { TestApp } from '../support/test-app.ts';

const payRoutes = ['/api/billing/paypal/pay', '/api/billing/cryptomus/pay', '/api/billing/bitcoin/pay'];

let simulator: TestSimulator;
let t: TestApp & { url: string };
let owner: Awaited<ReturnType<typeof createUser>>;
let tokens: Map<AccountCaller, string | undefined>;

beforeAll(async () => {
  simulator = await startSimulator();
  t = await createListeningApp(simulator);
  owner = await createUser(t, completeProfile);
  const other = await createUser(t, completeProfile);
  tokens = await accountCallerTokens(t, { a: owner, b: other });
});
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

/** A call as `token`'s holder (the owner unless said), or as a guest with `null`. */
const post = (url: string, payload: unknown, token: string | null | undefined = tokens.get('owner')) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('who may start a gateway payment', () => {
  const expected: Record<AccountCaller, { status: number; error?: string }> = {
    guest: { status: 401 },
    owner: { status: 200 },
    otherOwner: { status: 404 },
    subAll: { status: 200 },
    subNone: { status: 403, error: 'permission_required' },
    subOrder: { status: 403, error: 'permission_required' },
    subServices: { status: 403, error: 'permission_required' },
    subBilling: { status: 200 },
    subSupport: { status: 403, error: 'permission_required' },
    readToken: { status: 403, error: 'read_only_token' },
    fullToken: { status: 200 },
    expiredToken: { status: 401 },
    revokedToken: { status: 401 },
    revokedSession: { status: 401 },
  };

  for (const route of payRoutes) {
    it(`${route}: the billing permission on the owner's invoice; another account's is a 404`, async () => {
      const invoiceId = await createInvoice(t, owner.id, { cents: 2500 });
      for (const [caller, want] of Object.entries(expected) as [
        AccountCaller,
        (typeof expected)[AccountCaller],
      ][]) {
        const response = await post(route, { invoiceid: invoiceId }, tokens.get(caller) ?? null);
        expect({ caller, status: response.statusCode }).toEqual({ caller, status: want.status });
        if (want.error) expect(response.json().error).toBe(want.error);
      }
      // Every permitted caller got the same checkout: one pending payment per gateway.
      expect(await checkoutsOf(t, invoiceId)).toHaveLength(1);
    });
  }
});

describe('what a payment needs', () => {
  it('refuses PayPal, but not crypto, while the profile lacks the details of non-crypto payments', async () => {
    const bare = await createUser(t, { firstname: 'No', lastname: 'Address' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: bare.email, password2: bare.password },
    });
    const token = login.json().token as string;
    const invoiceId = await createInvoice(t, bare.id);
    const paypal = await post('/api/billing/paypal/pay', { invoiceid: invoiceId }, token);
    expect(paypal.statusCode).toBe(403);
    expect(paypal.json()).toMatchObject({
      error: 'user_details_required',
      message: 'Non-Crypto payments require you to enter your details in your profile first.',
    });
    expect((await post('/api/billing/cryptomus/pay', { invoiceid: invoiceId }, token)).statusCode).toBe(200);
    expect((await post('/api/billing/bitcoin/pay', { invoiceid: invoiceId }, token)).statusCode).toBe(200);
  });

  it('refuses a Paid or Cancelled invoice, one with nothing left to pay, and an unknown one', async () => {
    const paid = await createInvoice(t, owner.id, { status: 'Paid' });
    const cancelled = await createInvoice(t, owner.id, { status: 'Cancelled' });
    const covered = await createInvoice(t, owner.id, { cents: 1000 });
    await t.database.db
      .update(invoices)
      .set({ creditCents: 1000, totalCents: 0 })
      .where(eq(invoices.id, covered));
    for (const route of payRoutes) {
      const paidAnswer = await post(route, { invoiceid: paid });
      expect(paidAnswer.statusCode).toBe(422);
      expect(paidAnswer.json().message).toBe('This invoice is Paid and cannot be paid.');
      expect((await post(route, { invoiceid: cancelled })).json().message).toBe(
        'This invoice is Cancelled and cannot be paid.',
      );
      expect((await post(route, { invoiceid: covered })).json().message).toBe(
        'This invoice has nothing left to pay.',
      );
      expect((await post(route, { invoiceid: 2_000_000_000 })).statusCode).toBe(404);
    }
  });

  it('answers 4xx to bad input on every pay call, and changes nothing', async () => {
    const invoiceId = await createInvoice(t, owner.id);
    const bad: unknown[] = [
      {},
      { invoiceid: String(invoiceId) },
      { invoiceid: invoiceId + 0.5 },
      { invoiceid: -1 },
      { invoiceid: true },
      { invoiceid: 99_999_999_999 },
      { invoiceid: invoiceId, description: 'x\u0000y' },
      [invoiceId],
    ];
    for (const route of payRoutes) {
      for (const payload of bad) {
        const response = await post(route, payload);
        expect({ route, payload, status: response.statusCode }).toEqual({ route, payload, status: 422 });
        expect(response.json().message).toEqual(expect.any(String));
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: route,
        headers: { ...bearer(tokens.get('owner')!), 'content-type': 'application/json' },
        payload: '{"invoiceid":',
      });
      expect(notJson.statusCode).toBe(400);
    }
    expect(await checkoutsOf(t, invoiceId)).toHaveLength(0);
  });
});

describe('what the server computes', () => {
  it('builds the PayPal form of portal spec §7 from the invoice, ignoring what the browser sends', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 1800 });
    await t.database.db
      .update(invoices)
      .set({ taxCents: 200, totalCents: 2000 })
      .where(eq(invoices.id, invoiceId));
    const response = await post('/api/billing/paypal/pay', {
      invoiceid: invoiceId,
      amount: 0.01,
      currency_code: 'EUR',
    });
    expect(response.statusCode).toBe(200);
    const { action, fields } = response.json();
    expect(action).toBe(`${simulator.url}/cgi-bin/webscr`);
    expect(fields).toMatchObject({
      cmd: '_xclick',
      business: 'billing@sandbox.rackdesk.test',
      item_name: `Invoice #${invoiceId}`,
      invoice: String(invoiceId),
      amount: '18.00',
      tax: '2.00',
      currency_code: 'USD',
      rm: '2',
      return: `http://rackdesk.test/invoices/${invoiceId}?success=true`,
      cancel_return: `http://rackdesk.test/invoices/${invoiceId}?success=false`,
      notify_url: `${t.url}/api/billing/paypal/ipn`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: owner.email,
      address1: '12 Analytical Row',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
    });
    expect(fields.custom).toMatch(new RegExp(`^rd-${invoiceId}-[0-9a-f]{12}$`));
  });

  it('asks Cryptomus and BitPay for the balance in USD, and hands out an open checkout again', async () => {
    const invoiceId = await createInvoice(t, owner.id, { cents: 4321 });
    const body = { invoiceid: invoiceId, amount: 1, currency: 'BTC', returnurl: 'https://evil.example/' };
    const first = (await post('/api/billing/cryptomus/pay', body)).json();
    expect(first.url).toMatch(new RegExp(`^${simulator.url}/pay/[0-9a-f-]{36}$`));
    expect((await post('/api/billing/cryptomus/pay', body)).json()).toEqual(first);

    const bitcoin = (await post('/api/billing/bitcoin/pay', body)).json();
    expect(bitcoin.url).toBe(`${simulator.url}/i/${bitcoin.bitpay_invoice_id}`);
    expect((await post('/api/billing/bitcoin/pay', body)).json()).toEqual(bitcoin);

    const checkouts = await checkoutsOf(t, invoiceId);
    expect(
      checkouts
        .map(({ gateway, amountCents, currency }) => ({ gateway, amountCents, currency }))
        .sort((a, b) => a.gateway.localeCompare(b.gateway)),
    ).toEqual([
      { gateway: 'bitpaycheckout', amountCents: 4321, currency: 'USD' },
      { gateway: 'cryptomusgateway', amountCents: 4321, currency: 'USD' },
    ]);
    const page = await (await fetch(first.url)).text();
    expect(page).toContain('43.21 USD');
  });
});

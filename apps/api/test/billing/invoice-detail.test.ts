import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from '../support/fixtures.ts';
import { addInvoiceItem, createInvoice, payInvoice } from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** `GET invoices/{id}` (portal spec §3 Invoice) and `GET billing/payment-methods`. */
describe('invoice detail and payment methods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      BILLING_PAY_TO: 'Rackdesk Test Hosting\\n1 Test Street\\nNew York, NY 10001',
      STRIPE_SECRET_KEY: 'sk_test_detail',
      PAYPAL_BUSINESS_EMAIL: 'billing@rackdesk.test',
    });
  });
  afterAll(() => t.close());

  async function owner() {
    const user = await createUser(t);
    return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
  }
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('gives every field: items with line breaks, transactions, balance after payments, Pay To', async () => {
    const { id, token } = await owner();
    const invoiceId = await createInvoice(t, id, { cents: 2000, dueInDays: 10, paymentMethod: 'paypal' });
    await addInvoiceItem(t, invoiceId, {
      type: 'Setup',
      cents: 550,
      description: 'Setup fee\nDW-16G (2026-01-01 - 2026-01-31)',
    });
    await payInvoice(t, invoiceId, {
      gateway: 'paypal',
      transId: `TXN-${invoiceId}`,
      cents: 1000,
      feesCents: 59,
    });
    const response = await get(token, `/api/invoices/${invoiceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(body).toMatchObject({
      invoiceid: invoiceId,
      id: invoiceId,
      invoicenum: String(invoiceId),
      userid: id,
      duedate: due,
      status: 'Unpaid',
      subtotal: '25.50',
      credit: '0.00',
      tax: '0.00',
      total: '25.50',
      balance: '15.50',
      paymentmethod: 'paypal',
      currencycode: 'USD',
      currencyprefix: '$',
      currencysuffix: ' USD',
      datepaid: '0000-00-00 00:00:00',
      payto: 'Rackdesk Test Hosting\n1 Test Street\nNew York, NY 10001',
    });
    expect(body.items.item).toEqual([
      { id: expect.any(Number), description: 'Hosting line', amount: '20.00', type: 'Hosting', relid: 0 },
      {
        id: expect.any(Number),
        description: 'Setup fee\nDW-16G (2026-01-01 - 2026-01-31)',
        amount: '5.50',
        type: 'Setup',
        relid: 0,
      },
    ]);
    expect(body.transactions.transaction).toEqual([
      {
        id: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        gateway: 'paypal',
        transid: `TXN-${invoiceId}`,
        amountin: '10.00',
        amountout: '0.00',
        fees: '0.59',
      },
    ]);
  });

  it('shows an unpaid invoice past due as Overdue, and no balance on Paid or Cancelled ones', async () => {
    const { id, token } = await owner();
    const overdue = await createInvoice(t, id, { dueInDays: -1 });
    expect((await get(token, `/api/invoices/${overdue}`)).json()).toMatchObject({
      status: 'Overdue',
      balance: '20.00',
    });
    for (const status of ['Paid', 'Cancelled'] as const) {
      const invoiceId = await createInvoice(t, id, { status });
      expect((await get(token, `/api/invoices/${invoiceId}`)).json()).toMatchObject({
        status,
        balance: '0.00',
      });
    }
    const refunded = await createInvoice(t, id, { status: 'Refunded' });
    const empty = (await get(token, `/api/invoices/${refunded}`)).json();
    expect(empty.transactions).toEqual({ transaction: [] });
  });

  it("answers 404 for another account's invoice and for one that does not exist, 422 for a malformed id", async () => {
    const a = await owner();
    const b = await owner();
    const invoiceId = await createInvoice(t, a.id);
    for (const url of [`/api/invoices/${invoiceId}`, '/api/invoices/2147483647']) {
      const response = await get(b.token, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown invoice.' });
    }
    for (const id of ['0', '-1', 'abc', '1e3', '2147483648', '%00']) {
      expect((await get(a.token, `/api/invoices/${id}`)).statusCode, id).toBe(422);
    }
  });

  it('lists the configured gateways with their display names, to any signed-in caller', async () => {
    const { token } = await owner();
    const response = await get(token, '/api/billing/payment-methods');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      paymentmethod: [
        { module: 'stripe', displayname: 'Credit Card' },
        { module: 'paypal', displayname: 'PayPal' },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/payment-methods' })).statusCode).toBe(401);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, invoiceItems, invoices } from '../../src/db/schema/index.ts';
import { bearer, createUser, loginToken } from '../support/fixtures.ts';
import { createInvoice, creditAndLedger, grantCredit, invoiceRow, payInvoice } from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Add Funds (portal spec §5, §9): deposits of $10 to $5,000, the $5,000 balance, paying one. */
describe('add funds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function owner(values: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, values);
    return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
  }

  const deposit = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invoices/funds',
      headers: { ...bearer(token), ...headers },
      payload: payload as object,
    });

  const invoicesOf = (userId: number) =>
    t.database.db.select().from(invoices).where(eq(invoices.userId, userId));

  const expectRefused = async (response: Awaited<ReturnType<typeof deposit>>, message: string) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, errors: { amount: [message] } });
  };

  it('raises an Unpaid Add Funds invoice due today, with the default gateway, that says deposits are non-refundable', async () => {
    const { id, token } = await owner({ defaultGateway: 'paypal' });
    const response = await deposit(token, { amount: 25.5 });
    expect(response.statusCode, response.body).toBe(200);
    const { invoiceid, message } = response.json();
    expect(message).toBe(
      `Invoice #${invoiceid} has been created for your deposit. Pay it to add the funds to your credit. Deposits are non-refundable.`,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await invoiceRow(t, invoiceid)).toMatchObject({
      userId: id,
      status: 'Unpaid',
      date: today,
      dueDate: today,
      subtotalCents: 2550,
      totalCents: 2550,
      paymentMethod: 'paypal',
    });
    const items = await t.database.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoiceid));
    expect(items).toEqual([
      expect.objectContaining({
        type: 'AddFunds',
        amountCents: 2550,
        description: 'Add Funds (deposits are non-refundable)',
      }),
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceid}`,
      headers: bearer(token),
    });
    expect(detail.json()).toMatchObject({ status: 'Unpaid', balance: '25.50', paymentmethod: 'paypal' });
  });

  it('raises the credit when the deposit is paid', async () => {
    const { id, token } = await owner();
    const { invoiceid } = (await deposit(token, { amount: 40 })).json();
    const outcome = await payInvoice(t, invoiceid, {
      gateway: 'stripe',
      transId: `pi_${invoiceid}`,
      cents: 4000,
    });
    expect(outcome).toMatchObject({ kind: 'recorded', invoicePaid: true });
    expect(await creditAndLedger(t, id)).toEqual({ credit: 4000, ledgerSum: 4000 });
    expect((await invoiceRow(t, invoiceid)).status).toBe('Paid');
  });

  it('says the messages of the Add Funds form', async () => {
    const { id, token } = await owner();
    await expectRefused(await deposit(token, {}), 'Please enter the amount.');
    await expectRefused(await deposit(token, { amount: 9.99 }), 'Minimum deposit is $10.00 USD');
    await expectRefused(await deposit(token, { amount: 5000.01 }), 'Maximum deposit is $5000.00 USD');
    for (const amount of ['50', true, null, [50], -10, 0, 10.001, 'NaN', 1e300]) {
      await expectRefused(await deposit(token, { amount }), 'Please enter a valid amount.');
    }
    expect((await deposit(token, { amount: 10, memo: 'x\u0007' })).statusCode).toBe(422);
    expect(await invoicesOf(id)).toEqual([]);
  });

  it('keeps the credit with unpaid deposits within $5,000', async () => {
    const { id, token } = await owner();
    await grantCredit(t, id, 300000);
    expect((await deposit(token, { amount: 1800 })).statusCode).toBe(200);
    await expectRefused(
      await deposit(token, { amount: 200.01 }),
      'Your credit balance cannot exceed $5000.00 USD: you can add at most $200.00 USD now, counting unpaid Add Funds invoices.',
    );
    expect((await deposit(token, { amount: 200 })).statusCode).toBe(200);
    await expectRefused(
      await deposit(token, { amount: 10 }),
      'Your credit balance cannot exceed $5000.00 USD: you can add at most $0.00 USD now, counting unpaid Add Funds invoices.',
    );
    // A cancelled deposit no longer counts.
    const [unpaid] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, id), eq(invoices.totalCents, 20000)));
    await t.database.db.update(invoices).set({ status: 'Cancelled' }).where(eq(invoices.id, unpaid!.id));
    expect((await deposit(token, { amount: 200 })).statusCode).toBe(200);
  });

  it('never lets parallel deposits pass the maximum balance together', async () => {
    const { id, token } = await owner();
    await grantCredit(t, id, 450000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deposit(token, { amount: 100 })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(await invoicesOf(id)).toHaveLength(5);
  });

  it('offers no Apply Credit on a deposit: credit cannot buy credit', async () => {
    const { id, token } = await owner();
    await grantCredit(t, id, 5000);
    const { invoiceid } = (await deposit(token, { amount: 10 })).json();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceid}/apply-credit`,
      headers: bearer(token),
      payload: { amount: 10 },
    });
    expect(response.statusCode).toBe(422);
    expect((await invoiceRow(t, invoiceid)).creditCents).toBe(0);
  });

  describe('Idempotency-Key', () => {
    it('20 parallel calls with one key raise one invoice, and every finished retry answers the same', async () => {
      const { id, token } = await owner();
      const key = { 'idempotency-key': 'deposit-7f3a9c' };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => deposit(token, { amount: 20 }, key)),
      );
      expect(await invoicesOf(id)).toHaveLength(1);
      const [invoice] = await invoicesOf(id);
      for (const response of responses) {
        // Each one either acted, waited for nothing (409: still in progress), or replayed the answer.
        expect([200, 409], response.body).toContain(response.statusCode);
        if (response.statusCode === 200) expect(response.json().invoiceid).toBe(invoice!.id);
        else expect(response.json().message).toMatch(/still being processed/);
      }
      const retry = await deposit(token, { amount: 20 }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(responses.find((response) => response.statusCode === 200)!.json());
      expect(await invoicesOf(id)).toHaveLength(1);
    });

    it('refuses the same key with another body or route, and takes keys per account', async () => {
      const a = await owner();
      const b = await owner();
      await grantCredit(t, a.id, 5000);
      const key = { 'idempotency-key': 'shared-key-1' };
      expect((await deposit(a.token, { amount: 20 }, key)).statusCode).toBe(200);
      const otherBody = await deposit(a.token, { amount: 30 }, key);
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json()).toEqual({
        message:
          'This Idempotency-Key was already used for another request. Use a new key for each new request.',
        errors: {
          'Idempotency-Key': [
            'This Idempotency-Key was already used for another request. Use a new key for each new request.',
          ],
        },
      });
      const invoiceId = await createInvoice(t, a.id, { cents: 2000 });
      const otherRoute = await t.app.inject({
        method: 'POST',
        url: `/api/invoices/${invoiceId}/apply-credit`,
        headers: { ...bearer(a.token), ...key },
        payload: { amount: 20 },
      });
      expect(otherRoute.statusCode).toBe(422);
      expect(await creditAndLedger(t, a.id)).toEqual({ credit: 5000, ledgerSum: 5000 });
      // Another account's key space is its own.
      expect((await deposit(b.token, { amount: 30 }, key)).statusCode).toBe(200);
      expect(await invoicesOf(a.id)).toHaveLength(2);
    });

    it('replays a refusal too, and stores nothing for input refused before the call', async () => {
      const { id, token } = await owner();
      await grantCredit(t, id, 500000);
      const key = { 'idempotency-key': 'over-the-top' };
      const first = await deposit(token, { amount: 10 }, key);
      expect(first.statusCode).toBe(422);
      expect((await deposit(token, { amount: 10 }, key)).headers['idempotent-replayed']).toBe('true');
      // Refused by the schema: the key is not claimed, and can be used afterwards.
      const schemaKey = { 'idempotency-key': 'bad-body-first' };
      expect((await deposit(token, { amount: 'x' }, schemaKey)).statusCode).toBe(422);
      await t.database.db.transaction((tx) =>
        t.app.ctx.settlement.adjustCredit(tx, {
          userId: id,
          deltaCents: -500000,
          kind: 'manual',
          description: 'Test',
        }),
      );
      const later = await deposit(token, { amount: 10 }, schemaKey);
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    });

    it('refuses malformed keys', async () => {
      const { id, token } = await owner();
      for (const value of ['', 'with space', 'x'.repeat(256), 'naïve']) {
        const response = await deposit(token, { amount: 10 }, { 'idempotency-key': value });
        expect(response.statusCode, JSON.stringify(value)).toBe(422);
        expect(response.json().errors).toHaveProperty('Idempotency-Key');
      }
      expect(await invoicesOf(id)).toEqual([]);
    });

    it('makes a retried credit application take effect once', async () => {
      const { id, token } = await owner();
      await grantCredit(t, id, 5000);
      const invoiceId = await createInvoice(t, id, { cents: 3000 });
      const apply = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/invoices/${invoiceId}/apply-credit`,
          headers: { ...bearer(token), 'idempotency-key': 'apply-once' },
          payload: { amount: 10 },
        });
      const answers = await Promise.all([apply(), apply(), apply(), apply(), apply()]);
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
      expect((await apply()).json().credit).toBe('40.00');
      expect(await invoiceRow(t, invoiceId)).toMatchObject({ creditCents: 1000 });
      expect(await creditAndLedger(t, id)).toEqual({ credit: 4000, ledgerSum: 4000 });
    });

    it('forgets keys after a day, in the housekeeping job', async () => {
      const { id, token } = await owner();
      const key = { 'idempotency-key': 'old-key' };
      expect((await deposit(token, { amount: 10 }, key)).statusCode).toBe(200);
      await t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.userId, id));
      expect(await t.app.ctx.idempotencyKeys.deleteExpired()).toBe(1);
      expect((await deposit(token, { amount: 10 }, key)).headers['idempotent-replayed']).toBeUndefined();
      expect(await invoicesOf(id)).toHaveLength(2);
    });
  });
});

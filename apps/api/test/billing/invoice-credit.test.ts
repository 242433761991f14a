import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, bearer, createUser, loginToken, noPermissions } from '../support/fixtures.ts';
import {
  addInvoiceItem,
  createInvoice,
  creditAndLedger,
  grantCredit,
  invoiceRow,
  ledgerRows,
} from '../support/invoices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Apply Credit and Remove Credit (portal spec §4, §5): every rule, the maximums, bad input, and
 * races that must leave the credit exact.
 */
describe('invoice credit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new owner, signed in, with `creditCents` of credit. */
  async function owner(creditCents = 0) {
    const user = await createUser(t);
    if (creditCents > 0) await grantCredit(t, user.id, creditCents);
    return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
  }

  const post = (token: string, invoiceId: number, action: 'apply' | 'remove', payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/${action}-credit`,
      headers: bearer(token),
      payload: payload as object,
    });

  const expectRefused = async (
    response: Awaited<ReturnType<typeof post>>,
    message: string,
    field = 'amount',
  ) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
  };

  describe('apply', () => {
    it('pays part of the invoice from the credit: invoice credit and total move together', async () => {
      const { id, token } = await owner(5000);
      const invoiceId = await createInvoice(t, id, { cents: 2000 });
      const response = await post(token, invoiceId, 'apply', { invoiceid: invoiceId, amount: 5 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Credit applied to the invoice.',
        credit: '45.00',
        invoice: { invoiceid: invoiceId, credit: '5.00', total: '15.00', balance: '15.00', status: 'Unpaid' },
      });
      expect(await invoiceRow(t, invoiceId)).toMatchObject({ creditCents: 500, totalCents: 1500 });
      expect(await creditAndLedger(t, id)).toEqual({ credit: 4500, ledgerSum: 4500 });
      expect((await ledgerRows(t, id)).at(-1)).toMatchObject({
        kind: 'applied',
        amountCents: -500,
        balanceAfterCents: 4500,
        invoiceId,
      });
    });

    it('makes the invoice Paid once the credit covers the whole balance', async () => {
      const { id, token } = await owner(5000);
      const invoiceId = await createInvoice(t, id, { cents: 2000 });
      await post(token, invoiceId, 'apply', { amount: 12.5 });
      const response = await post(token, invoiceId, 'apply', { amount: 7.5 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().invoice).toMatchObject({ status: 'Paid', balance: '0.00', total: '0.00' });
      const row = await invoiceRow(t, invoiceId);
      expect(row).toMatchObject({ status: 'Paid', creditCents: 2000, totalCents: 0 });
      expect(row.datePaid).toBeInstanceOf(Date);
      expect(await creditAndLedger(t, id)).toEqual({ credit: 3000, ledgerSum: 3000 });
    });

    it('applies to Overdue and Refunded invoices too', async () => {
      const { id, token } = await owner(5000);
      const overdue = await createInvoice(t, id, { cents: 1000, dueInDays: -3 });
      const refunded = await createInvoice(t, id, { cents: 1000, status: 'Refunded' });
      expect((await post(token, overdue, 'apply', { amount: 1 })).statusCode).toBe(200);
      expect((await post(token, refunded, 'apply', { amount: 1 })).statusCode).toBe(200);
    });

    it('caps the amount at the credit, or at the balance when that is smaller', async () => {
      const poor = await owner(300);
      const invoiceId = await createInvoice(t, poor.id, { cents: 2000 });
      await expectRefused(
        await post(poor.token, invoiceId, 'apply', { amount: 3.01 }),
        'Amount cannot exceed $3.00.',
      );

      const rich = await owner(9000);
      const small = await createInvoice(t, rich.id, { cents: 2000 });
      await addInvoiceItem(t, small, { type: 'Hosting', cents: 55 });
      await expectRefused(
        await post(rich.token, small, 'apply', { amount: 20.56 }),
        'Amount cannot exceed $20.55.',
      );
      expect(await invoiceRow(t, small)).toMatchObject({
        creditCents: 0,
        totalCents: 2055,
        status: 'Unpaid',
      });
      expect(await creditAndLedger(t, rich.id)).toEqual({ credit: 9000, ledgerSum: 9000 });
    });

    it('refuses Paid and Cancelled invoices, Add Funds invoices and accounts without credit', async () => {
      const { id, token } = await owner(5000);
      for (const invoiceId of [
        await createInvoice(t, id, { status: 'Paid' }),
        await createInvoice(t, id, { status: 'Cancelled' }),
        await createInvoice(t, id, { type: 'AddFunds', cents: 5000 }),
      ]) {
        await expectRefused(
          await post(token, invoiceId, 'apply', { amount: 1 }),
          'Credit cannot be applied to this invoice.',
        );
      }
      const mixed = await createInvoice(t, id);
      await addInvoiceItem(t, mixed, { type: 'AddFunds', cents: 1000 });
      await expectRefused(
        await post(token, mixed, 'apply', { amount: 1 }),
        'Credit cannot be applied to this invoice.',
      );

      const broke = await owner();
      const invoiceId = await createInvoice(t, broke.id);
      await expectRefused(
        await post(broke.token, invoiceId, 'apply', { amount: 1 }),
        'Credit cannot be applied to this invoice.',
      );
      expect(await creditAndLedger(t, id)).toEqual({ credit: 5000, ledgerSum: 5000 });
    });
  });

  describe('remove', () => {
    it('gives applied credit back to the account', async () => {
      const { id, token } = await owner(5000);
      const invoiceId = await createInvoice(t, id, { cents: 2000, dueInDays: 5 });
      await post(token, invoiceId, 'apply', { amount: 8 });
      const response = await post(token, invoiceId, 'remove', { amount: 3 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Credit removed from the invoice.',
        credit: '45.00',
        invoice: { credit: '5.00', total: '15.00', balance: '15.00' },
      });
      expect(await creditAndLedger(t, id)).toEqual({ credit: 4500, ledgerSum: 4500 });
      expect((await ledgerRows(t, id)).at(-1)).toMatchObject({
        kind: 'removed',
        amountCents: 300,
        invoiceId,
      });
      await expectRefused(
        await post(token, invoiceId, 'remove', { amount: 5.01 }),
        'Amount cannot exceed $5.00.',
      );
      expect((await post(token, invoiceId, 'remove', { amount: 5 })).json().invoice).toMatchObject({
        credit: '0.00',
        total: '20.00',
      });
    });

    it('refuses without a future due date, with other items than Hosting, without credit applied, once Paid', async () => {
      const { id, token } = await owner(90000);
      const withCredit = async (options: Parameters<typeof createInvoice>[2], extra?: 'Setup') => {
        const invoiceId = await createInvoice(t, id, { cents: 2000, ...options });
        if (extra) await addInvoiceItem(t, invoiceId, { type: extra, cents: 500 });
        expect((await post(token, invoiceId, 'apply', { amount: 1 })).statusCode).toBe(200);
        return invoiceId;
      };
      const refused = [
        await withCredit({ dueInDays: 0 }),
        await withCredit({ dueInDays: -2 }),
        await withCredit({ dueInDays: 5 }, 'Setup'),
        await withCredit({ dueInDays: 5, type: 'Upgrade' }),
        await createInvoice(t, id, { dueInDays: 5 }),
      ];
      const paid = await createInvoice(t, id, { cents: 2000, dueInDays: 5 });
      await post(token, paid, 'apply', { amount: 20 });
      for (const invoiceId of [...refused, paid]) {
        await expectRefused(
          await post(token, invoiceId, 'remove', { amount: 1 }),
          'Credit can be removed only from an unpaid invoice due in the future whose items are all Hosting.',
        );
      }
      const { credit, ledgerSum } = await creditAndLedger(t, id);
      expect(credit).toBe(ledgerSum);
    });
  });

  it("answers 404 for another account's invoice and changes nothing", async () => {
    const a = await owner(5000);
    const b = await owner(5000);
    const invoiceId = await createInvoice(t, a.id, { dueInDays: 5 });
    for (const action of ['apply', 'remove'] as const) {
      const response = await post(b.token, invoiceId, action, { amount: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown invoice.' });
    }
    expect((await post(a.token, 999_999_999, 'apply', { amount: 1 })).statusCode).toBe(404);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ creditCents: 0 });
    expect(await creditAndLedger(t, b.id)).toEqual({ credit: 5000, ledgerSum: 5000 });
  });

  it('lets a sub-account with the billing permission move the owner’s credit, and no other', async () => {
    const a = await owner(5000);
    const invoiceId = await createInvoice(t, a.id, { cents: 2000, dueInDays: 5 });
    const sub = async (billing: boolean) => {
      const user = await createUser(t, { parentId: a.id, permissions: { ...allPermissions, billing } });
      return loginToken(t.app, user.email, user.password);
    };
    const withBilling = await sub(true);
    expect((await post(withBilling, invoiceId, 'apply', { amount: 2 })).json().credit).toBe('48.00');
    const without = await post(await sub(false), invoiceId, 'remove', { amount: 2 });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ error: 'permission_required', required_permission: 'billing' });
    const none = await createUser(t, { parentId: a.id, permissions: noPermissions });
    const noneToken = await loginToken(t.app, none.email, none.password);
    expect((await post(noneToken, invoiceId, 'apply', { amount: 2 })).statusCode).toBe(403);
    expect(await creditAndLedger(t, a.id)).toEqual({ credit: 4800, ledgerSum: 4800 });
  });

  it('refuses an invoiceid that is not the invoice of the path', async () => {
    const { id, token } = await owner(5000);
    const invoiceId = await createInvoice(t, id);
    const other = await createInvoice(t, id);
    await expectRefused(
      await post(token, invoiceId, 'apply', { invoiceid: other, amount: 1 }),
      'The invoiceid must be the invoice of the path.',
      'invoiceid',
    );
    expect(await creditAndLedger(t, id)).toEqual({ credit: 5000, ledgerSum: 5000 });
  });

  describe('bad input changes nothing', () => {
    const amounts: unknown[] = [
      '5',
      '5.00',
      'NaN',
      'Infinity',
      '1e2',
      true,
      false,
      null,
      [5],
      { value: 5 },
      0,
      -1,
      -0.01,
      1.005,
      0.001,
      1e300,
      Number.MAX_SAFE_INTEGER,
    ];

    it.each(['apply', 'remove'] as const)(
      '%s: wrong amounts, a missing one, a wrong body',
      async (action) => {
        const { id, token } = await owner(5000);
        const invoiceId = await createInvoice(t, id, { cents: 2000, dueInDays: 5 });
        await post(token, invoiceId, 'apply', { amount: 1 });
        for (const amount of amounts) {
          await expectRefused(
            await post(token, invoiceId, action, { amount }),
            'Please enter a valid amount.',
          );
        }
        await expectRefused(await post(token, invoiceId, action, {}), 'Please enter a valid amount.');
        for (const body of [[], 5, [{ amount: 1 }]]) {
          expect((await post(token, invoiceId, action, body)).statusCode, JSON.stringify(body)).toBe(422);
        }
        // Not JSON at all.
        expect((await post(token, invoiceId, action, 'amount=5')).statusCode).toBe(415);
        const control = await post(token, invoiceId, action, { amount: 1, note: 'a\u0000b' });
        expect(control.statusCode).toBe(422);
        expect(control.json().message).toBe('The text may not contain control characters.');
        for (const invoiceid of ['1', -1, 1.5, true]) {
          expect((await post(token, invoiceId, action, { invoiceid, amount: 1 })).statusCode).toBe(422);
        }
        for (const path of ['abc', '0', '-1', '1.5', '99999999999']) {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/invoices/${path}/${action}-credit`,
            headers: bearer(token),
            payload: { amount: 1 },
          });
          expect(response.statusCode, path).toBe(422);
        }
        expect(await invoiceRow(t, invoiceId)).toMatchObject({ creditCents: 100, totalCents: 1900 });
        expect(await creditAndLedger(t, id)).toEqual({ credit: 4900, ledgerSum: 4900 });
      },
    );
  });

  describe('races', () => {
    it('50 parallel applications to one invoice take exactly its balance', async () => {
      const { id, token } = await owner(10000);
      const invoiceId = await createInvoice(t, id, { cents: 3000 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => post(token, invoiceId, 'apply', { amount: 1 })),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 422)).toHaveLength(20);
      expect(await invoiceRow(t, invoiceId)).toMatchObject({
        status: 'Paid',
        creditCents: 3000,
        totalCents: 0,
      });
      expect(await creditAndLedger(t, id)).toEqual({ credit: 7000, ledgerSum: 7000 });
    });

    it('50 parallel applications to different invoices never spend more than the credit', async () => {
      const { id, token } = await owner(2500);
      const invoiceIds: number[] = [];
      for (let i = 0; i < 50; i += 1) invoiceIds.push(await createInvoice(t, id, { cents: 100 }));
      const responses = await Promise.all(
        invoiceIds.map((invoiceId) => post(token, invoiceId, 'apply', { amount: 1 })),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(25);
      const rows = await Promise.all(invoiceIds.map((invoiceId) => invoiceRow(t, invoiceId)));
      expect(rows.reduce((sum, row) => sum + row.creditCents, 0)).toBe(2500);
      expect(rows.filter((row) => row.status === 'Paid')).toHaveLength(25);
      expect(await creditAndLedger(t, id)).toEqual({ credit: 0, ledgerSum: 0 });
    });

    it('parallel applications and removals on one invoice keep invoice and account in step', async () => {
      const { id, token } = await owner(10000);
      const invoiceId = await createInvoice(t, id, { cents: 5000, dueInDays: 5 });
      await post(token, invoiceId, 'apply', { amount: 20 });
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(token, invoiceId, i % 2 ? 'apply' : 'remove', { amount: 1 }),
        ),
      );
      const row = await invoiceRow(t, invoiceId);
      const { credit, ledgerSum } = await creditAndLedger(t, id);
      expect(credit).toBe(ledgerSum);
      expect(credit + row.creditCents).toBe(10000);
      expect(row.totalCents).toBe(5000 - row.creditCents);
    });
  });
});

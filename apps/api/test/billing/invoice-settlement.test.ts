import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../src/db/schema/index.ts';
import { createUser, eventually, mailsTo } from '../support/fixtures.ts';
import { createInvoice, creditAndLedger, invoiceRow } from '../support/invoices.ts';
import { createTestApp, quickJobs, type TestApp } from '../support/test-app.ts';

describe('invoice settlement (the one writer of money)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(quickJobs);
  });
  afterAll(() => t.close());

  const pay = (invoiceId: number, transId: string, amountCents: number, currency = 'USD') =>
    t.app.ctx.settlement.recordPayment({ gateway: 'stripe', transId, invoiceId, amountCents, currency });

  it('records a payment once: the same gateway transaction delivered five times is one row', async () => {
    const user = await createUser(t);
    const invoiceId = await createInvoice(t, user.id, { cents: 2500 });
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => pay(invoiceId, 'ch_replayed', 2500)));
    expect(outcomes.filter((o) => o.kind === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'duplicate')).toHaveLength(4);
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));
    expect(rows).toHaveLength(1);
    const invoice = await invoiceRow(t, invoiceId);
    expect(invoice).toMatchObject({ status: 'Paid', paidCents: 2500 });
    expect(invoice.datePaid).toBeInstanceOf(Date);
  });

  it('refuses another currency and changes nothing', async () => {
    const user = await createUser(t);
    const invoiceId = await createInvoice(t, user.id, { cents: 2500 });
    expect(await pay(invoiceId, 'ch_eur', 2500, 'EUR')).toEqual({ kind: 'rejected', reason: 'currency' });
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Unpaid', paidCents: 0 });
  });

  it('keeps an invoice Unpaid until the whole balance is in, then marks it Paid once', async () => {
    const user = await createUser(t);
    const invoiceId = await createInvoice(t, user.id, { cents: 3000 });
    expect(await pay(invoiceId, 'part-1', 1000)).toMatchObject({ kind: 'recorded', invoicePaid: false });
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Unpaid', paidCents: 1000 });
    expect(await pay(invoiceId, 'part-2', 2000)).toMatchObject({ kind: 'recorded', invoicePaid: true });
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Paid', paidCents: 3000 });
  });

  it('turns a paid AddFunds invoice and any overpayment into credit, with a ledger row each', async () => {
    const user = await createUser(t);
    const deposit = await createInvoice(t, user.id, { cents: 5000, type: 'AddFunds' });
    await pay(deposit, 'dep-1', 5000);
    expect(await creditAndLedger(t, user.id)).toEqual({ credit: 5000, ledgerSum: 5000 });

    const hosting = await createInvoice(t, user.id, { cents: 1000 });
    await pay(hosting, 'over-1', 1250);
    expect(await creditAndLedger(t, user.id)).toEqual({ credit: 5250, ledgerSum: 5250 });
  });

  it('mails the payment confirmation from a job queued with the payment', async () => {
    const user = await createUser(t);
    const invoiceId = await createInvoice(t, user.id, { cents: 1500 });
    await pay(invoiceId, 'mail-1', 1500);
    const [mail] = await eventually(() => {
      const found = mailsTo(t, user.email);
      return found.length > 0 && found;
    });
    expect(mail!.subject).toBe(`Invoice Payment Confirmation - Invoice #${invoiceId}`);
  });
});

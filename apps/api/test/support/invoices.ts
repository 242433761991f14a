import { eq, sql } from 'drizzle-orm';
import { creditLedger, invoiceItems, invoices, users } from '../../src/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

type ItemType = 'Hosting' | 'AddFunds' | 'Setup' | 'Upgrade' | 'PromoHosting';

/** An Unpaid invoice of one line, due in `dueInDays` (negative: past due). */
export async function createInvoice(
  t: TestApp,
  userId: number,
  options: {
    cents?: number;
    type?: ItemType;
    serviceId?: number | null;
    dueInDays?: number;
    status?: 'Unpaid' | 'Paid' | 'Cancelled' | 'Refunded';
    paymentMethod?: string;
  } = {},
): Promise<number> {
  const cents = options.cents ?? 2000;
  const due = new Date(Date.now() + (options.dueInDays ?? 7) * 86_400_000).toISOString().slice(0, 10);
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      userId,
      date: new Date().toISOString().slice(0, 10),
      dueDate: due,
      status: options.status ?? 'Unpaid',
      subtotalCents: cents,
      totalCents: cents,
      paymentMethod: options.paymentMethod ?? 'stripe',
    })
    .returning({ id: invoices.id });
  await t.database.db.insert(invoiceItems).values({
    invoiceId: invoice!.id,
    type: options.type ?? 'Hosting',
    serviceId: options.serviceId ?? null,
    description: options.type === 'AddFunds' ? 'Add Funds' : 'Hosting line',
    amountCents: cents,
  });
  return invoice!.id;
}

/** Gives an account credit the way support would: a 'manual' ledger row with it. */
export async function grantCredit(t: TestApp, userId: number, cents: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ creditCents: sql`${users.creditCents} + ${cents}` })
      .where(eq(users.id, userId))
      .returning({ creditCents: users.creditCents });
    await tx.insert(creditLedger).values({
      userId,
      kind: 'manual',
      amountCents: cents,
      balanceAfterCents: row!.creditCents,
      description: 'Test credit',
    });
  });
}

/** The account's credit and the sum of its ledger, which must always be equal. */
export async function creditAndLedger(t: TestApp, userId: number) {
  const [user] = await t.database.db
    .select({ credit: users.creditCents })
    .from(users)
    .where(eq(users.id, userId));
  const [ledger] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { credit: user!.credit, ledgerSum: ledger!.sum };
}

export async function invoiceRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** Adds a line to an invoice, and its amount to the invoice's subtotal and total. */
export async function addInvoiceItem(
  t: TestApp,
  invoiceId: number,
  item: { type: ItemType; cents: number; description?: string },
): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.insert(invoiceItems).values({
      invoiceId,
      type: item.type,
      description: item.description ?? `${item.type} line`,
      amountCents: item.cents,
    });
    await tx
      .update(invoices)
      .set({
        subtotalCents: sql`${invoices.subtotalCents} + ${item.cents}`,
        totalCents: sql`${invoices.totalCents} + ${item.cents}`,
      })
      .where(eq(invoices.id, invoiceId));
  });
}

/** The account's ledger rows, oldest first. */
export function ledgerRows(t: TestApp, userId: number) {
  return t.database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}

/** Records a verified gateway payment of `cents` for an invoice, as a gateway's callback would. */
export function payInvoice(
  t: TestApp,
  invoiceId: number,
  payment: { gateway: string; transId: string; cents: number; feesCents?: number },
) {
  return t.app.ctx.settlement.recordPayment({
    gateway: payment.gateway,
    transId: payment.transId,
    invoiceId,
    amountCents: payment.cents,
    currency: 'USD',
    ...(payment.feesCents !== undefined && { feesCents: payment.feesCents }),
  });
}

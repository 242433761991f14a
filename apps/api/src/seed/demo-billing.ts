import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { addDays, nextDueDate } from '../modules/billing/cycle/cycle-dates.ts';
import {
  type CreditLedgerKind,
  creditLedger,
  invoiceItems,
  invoices,
  services,
  transactions,
  users,
} from '../db/schema/index.ts';

const day = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);
const instantIn = (days: number, hour = 14) =>
  new Date(`${dateIn(days)}T${String(hour).padStart(2, '0')}:12:37Z`);

/** Gateway transaction ids shaped like each gateway's own. */
const paidBy = [
  { gateway: 'stripe', transId: 'ch_3QfR2bK7xDemo4Yt1mA0c9Pz', fees: 288 },
  { gateway: 'paypal', transId: '8RX41922BT5563124', fees: 94 },
  { gateway: 'cryptomusgateway', transId: 'b3f1c2a4-7d9e-4e1b-9a55-0c6de2f81a07', fees: 40 },
] as const;

interface DemoInvoice {
  date: number;
  due: number;
  status: 'Paid' | 'Unpaid' | 'Cancelled' | 'Refunded';
  method: string;
  items: {
    type: string;
    description: string;
    cents: number;
    serviceId?: number | null;
    period?: { start: string; end: string };
  }[];
  creditCents?: number;
}

/**
 * The billing history of a customer of some months, on top of the invoices the services seed
 * made: a deposit that raised the credit, an invoice paid with credit, one partly paid with credit
 * and still due, a refunded and a cancelled one; a gateway transaction for every paid invoice; and
 * a credit ledger whose sum is the account's credit.
 */
export async function seedDemoBilling(tx: Tx, userId: number) {
  const owned = await tx
    .select({ id: services.id, domain: services.domain })
    .from(services)
    .where(eq(services.userId, userId));
  const serviceId = (domain: string) => owned.find((service) => service.domain === domain)!.id;
  const ids = {
    newYorkBlock: serviceId('Storage Block 250 GB'),
    chicagoBlock: serviceId('Storage Block 500 GB'),
    vpsV2: serviceId('web01.demo.example'),
  };
  const ledger: {
    kind: CreditLedgerKind;
    cents: number;
    invoiceId: number;
    description: string;
    at: Date;
  }[] = [];

  // Existing Paid invoices of the services seed get the payments that paid them.
  const paid = await tx
    .select({ id: invoices.id, totalCents: invoices.totalCents, dueDate: invoices.dueDate })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.status, 'Paid')))
    .orderBy(invoices.id);
  for (const [index, invoice] of paid.entries()) {
    const payment = paidBy[index % paidBy.length]!;
    await tx.insert(transactions).values({
      userId,
      invoiceId: invoice.id,
      gateway: payment.gateway,
      transId: payment.transId,
      amountInCents: invoice.totalCents,
      feesCents: payment.fees,
      description: `Invoice Payment #${invoice.id}`,
      date: new Date(`${invoice.dueDate}T09:41:03Z`),
    });
    await tx
      .update(invoices)
      .set({ paidCents: invoice.totalCents, paymentMethod: payment.gateway })
      .where(eq(invoices.id, invoice.id));
  }

  const create = async (spec: DemoInvoice) => {
    const subtotal = spec.items.reduce((sum, item) => sum + item.cents, 0);
    const credit = spec.creditCents ?? 0;
    const [row] = await tx
      .insert(invoices)
      .values({
        userId,
        date: dateIn(spec.date),
        dueDate: dateIn(spec.due),
        status: spec.status,
        subtotalCents: subtotal,
        creditCents: credit,
        totalCents: subtotal - credit,
        paymentMethod: spec.method,
        datePaid: spec.status === 'Paid' || spec.status === 'Refunded' ? instantIn(spec.due - 1) : null,
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceItems).values(
      spec.items.map((item) => ({
        invoiceId: row!.id,
        type: item.type,
        serviceId: item.serviceId ?? null,
        description: item.description,
        amountCents: item.cents,
        periodStart: item.period?.start ?? null,
        periodEnd: item.period?.end ?? null,
      })),
    );
    return { id: row!.id, subtotal, total: subtotal - credit };
  };

  // Raised early and partly paid with credit: the billing cycle finds this period already invoiced.
  const chicagoPeriod = { start: dateIn(10), end: nextDueDate(dateIn(10), 'Monthly', dateIn(-20))! };

  const deposit = await create({
    date: -75,
    due: -75,
    status: 'Paid',
    method: 'paypal',
    items: [
      { type: 'AddFunds', description: 'Add Funds Invoice (deposits are non-refundable)', cents: 5000 },
    ],
  });
  await tx.insert(transactions).values({
    userId,
    invoiceId: deposit.id,
    gateway: 'paypal',
    transId: '3GW27760LD6470215',
    amountInCents: 5000,
    feesCents: 209,
    description: `Invoice Payment #${deposit.id}`,
    date: instantIn(-75, 16),
  });
  await tx.update(invoices).set({ paidCents: 5000 }).where(eq(invoices.id, deposit.id));
  ledger.push({
    kind: 'deposit',
    cents: 5000,
    invoiceId: deposit.id,
    description: `Add Funds Invoice #${deposit.id}`,
    at: instantIn(-75, 16),
  });

  const byCredit = await create({
    date: -28,
    due: -21,
    status: 'Paid',
    method: 'stripe',
    creditCents: 1250,
    items: [
      {
        type: 'Hosting',
        serviceId: ids.newYorkBlock,
        description: `Storage Block 250 GB - New York (${dateIn(-21)} - ${dateIn(8)})\nAttached to web01.demo.example`,
        cents: 1250,
        // Ends on the block's next due date (demo-services.ts).
        period: { start: dateIn(-21), end: dateIn(9) },
      },
    ],
  });
  ledger.push({
    kind: 'applied',
    cents: -1250,
    invoiceId: byCredit.id,
    description: `Credit Applied to Invoice #${byCredit.id}`,
    at: instantIn(-34, 10),
  });

  const partlyCredited = await create({
    date: -1,
    due: 10,
    status: 'Unpaid',
    method: 'stripe',
    creditCents: 1250,
    items: [
      {
        type: 'Hosting',
        serviceId: ids.chicagoBlock,
        description: `Storage Block 500 GB - Chicago (${chicagoPeriod.start} - ${addDays(chicagoPeriod.end, -1)})`,
        cents: 2500,
        period: chicagoPeriod,
      },
    ],
  });
  ledger.push({
    kind: 'applied',
    cents: -1250,
    invoiceId: partlyCredited.id,
    description: `Credit Applied to Invoice #${partlyCredited.id}`,
    at: instantIn(-1, 11),
  });

  const refunded = await create({
    date: -58,
    due: -51,
    status: 'Refunded',
    method: 'stripe',
    items: [
      {
        type: 'Setup',
        serviceId: ids.vpsV2,
        description: 'Windows Server licence setup (web01.demo.example)',
        cents: 1500,
      },
    ],
  });
  await tx.insert(transactions).values([
    {
      userId,
      invoiceId: refunded.id,
      gateway: 'stripe',
      transId: 'ch_3PzK8dK7xDemo1Lb0rT6uVwq',
      amountInCents: 1500,
      feesCents: 74,
      description: `Invoice Payment #${refunded.id}`,
      date: instantIn(-52, 9),
    },
    {
      userId,
      invoiceId: refunded.id,
      gateway: 'stripe',
      transId: 're_3PzK8dK7xDemo1Lb0q2Hs1Nd',
      amountOutCents: 1500,
      description: `Refund of Invoice #${refunded.id}`,
      date: instantIn(-50, 15),
    },
  ]);

  await create({
    date: -20,
    due: -13,
    status: 'Cancelled',
    method: 'cryptomusgateway',
    items: [{ type: 'Hosting', description: 'Xeon E-2288G - Chicago (order not completed)', cents: 14900 }],
  });

  let balance = 0;
  for (const entry of ledger) {
    balance += entry.cents;
    await tx.insert(creditLedger).values({
      userId,
      invoiceId: entry.invoiceId,
      kind: entry.kind,
      amountCents: entry.cents,
      balanceAfterCents: balance,
      description: entry.description,
      createdAt: entry.at,
    });
  }
  await tx.update(users).set({ creditCents: balance }).where(eq(users.id, userId));
}

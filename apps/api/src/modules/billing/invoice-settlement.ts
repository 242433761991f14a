import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import {
  type CreditLedgerKind,
  creditLedger,
  invoiceItems,
  invoices,
  services,
  transactions,
  users,
} from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { queueBillingMail } from './billing-mail-sender.ts';

export type InvoiceRecord = typeof invoices.$inferSelect;

/** The job that follows an invoice becoming Paid (services, mail); see jobs/invoice-paid.ts. */
export const INVOICE_PAID_JOB = 'invoice-paid';
export interface InvoicePaidJobData {
  invoiceId: number;
}

/** What a gateway reports as received for an invoice, once verified by its adapter. */
export interface GatewayPayment {
  gateway: string;
  /** The gateway's own id of the money movement (charge, txn_id, uuid): unique per gateway. */
  transId: string;
  invoiceId: number;
  amountCents: number;
  currency: string;
  feesCents?: number;
  description?: string;
}

export type PaymentOutcome =
  | { kind: 'recorded'; transactionId: number; invoicePaid: boolean }
  /** The same gateway transaction was recorded before: a replayed or repeated callback. */
  | { kind: 'duplicate' }
  | { kind: 'rejected'; reason: string };

/** Money a gateway reports as returned to the payer of a payment it recorded before, once verified. */
export interface GatewayRefund {
  gateway: string;
  /** The gateway's own id of the refund (re_…): unique per gateway, like a payment's. */
  transId: string;
  /** The gateway's id of the payment it returns, as recordPayment stored it (the charge). */
  paymentTransId: string;
  amountCents: number;
  currency: string;
}

export type RefundOutcome =
  | { kind: 'recorded'; transactionId: number; invoiceRefunded: boolean }
  | { kind: 'duplicate' }
  | { kind: 'rejected'; reason: string };

/** An invoice's amount still to pay: total (after credit) less what gateways brought in. */
export const balanceOf = (invoice: Pick<InvoiceRecord, 'totalCents' | 'paidCents'>): number =>
  Math.max(0, invoice.totalCents - invoice.paidCents);

/**
 * The one place money reaches an invoice or an account's credit. Every write happens inside the
 * caller's transaction under row locks taken in one order (invoice, then user), so concurrent
 * payments, credit moves and callbacks serialise instead of racing, and never deadlock.
 */
export class InvoiceSettlement {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
  ) {}

  /** Locks an invoice for the rest of the transaction; undefined when it does not exist. */
  async lockInvoice(tx: Tx, invoiceId: number): Promise<InvoiceRecord | undefined> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return row;
  }

  /**
   * Locks an account's row for the rest of the transaction (after its invoice, in the lock order)
   * and gives its credit, so that a maximum checked against it still holds when the credit moves.
   */
  async lockCredit(tx: Tx, userId: number): Promise<number> {
    const [user] = await tx
      .select({ creditCents: users.creditCents })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new Error(`No account ${userId}`);
    return user.creditCents;
  }

  /**
   * Changes an account's credit by `deltaCents` (negative lowers it) and writes its ledger row.
   * Throws when the credit would fall below zero: callers check their maximum first, and the
   * database's check constraint stands behind them.
   */
  async adjustCredit(
    tx: Tx,
    change: {
      userId: number;
      deltaCents: number;
      kind: CreditLedgerKind;
      invoiceId?: number | null;
      description: string;
    },
  ): Promise<number> {
    const balanceAfterCents = (await this.lockCredit(tx, change.userId)) + change.deltaCents;
    if (balanceAfterCents < 0) throw new Error('Credit cannot become negative');
    await tx.update(users).set({ creditCents: balanceAfterCents }).where(eq(users.id, change.userId));
    await tx.insert(creditLedger).values({
      userId: change.userId,
      invoiceId: change.invoiceId ?? null,
      kind: change.kind,
      amountCents: change.deltaCents,
      balanceAfterCents,
      description: change.description,
    });
    return balanceAfterCents;
  }

  /**
   * Records a verified gateway payment once. A transaction id seen before is a no-op; a currency
   * other than the invoice's (USD) or an invoice of another status is refused and changes nothing.
   */
  async recordPayment(payment: GatewayPayment): Promise<PaymentOutcome> {
    return this.database.db.transaction(async (tx) => {
      const invoice = await this.lockInvoice(tx, payment.invoiceId);
      if (!invoice) return { kind: 'rejected', reason: 'unknown invoice' };
      if (payment.currency.toUpperCase() !== 'USD') return { kind: 'rejected', reason: 'currency' };
      if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
        return { kind: 'rejected', reason: 'amount' };
      }
      const [recorded] = await tx
        .insert(transactions)
        .values({
          userId: invoice.userId,
          invoiceId: invoice.id,
          gateway: payment.gateway,
          transId: payment.transId,
          amountInCents: payment.amountCents,
          feesCents: payment.feesCents ?? 0,
          description: payment.description ?? `Invoice Payment #${invoice.id}`,
        })
        .onConflictDoNothing({ target: [transactions.gateway, transactions.transId] })
        .returning({ id: transactions.id });
      if (!recorded) return { kind: 'duplicate' };

      const paidCents = invoice.paidCents + payment.amountCents;
      await tx.update(invoices).set({ paidCents }).where(eq(invoices.id, invoice.id));
      const invoicePaid = await this.settleIfPaid(tx, { ...invoice, paidCents });
      return { kind: 'recorded', transactionId: recorded.id, invoicePaid };
    });
  }

  /**
   * Records a verified refund once: a transaction with the amount out, the invoice's paid amount
   * lowered, and a Paid invoice whose gateway money is all returned marked Refunded, in one
   * transaction. A refund id seen before is a no-op; one of an unknown payment, in another
   * currency, or larger than what the invoice holds is refused and changes nothing.
   */
  async recordRefund(refund: GatewayRefund): Promise<RefundOutcome> {
    return this.database.db.transaction(async (tx) => {
      const [payment] = await tx
        .select({ invoiceId: transactions.invoiceId, amountInCents: transactions.amountInCents })
        .from(transactions)
        .where(
          and(eq(transactions.gateway, refund.gateway), eq(transactions.transId, refund.paymentTransId)),
        );
      if (!payment?.invoiceId) return { kind: 'rejected', reason: 'unknown payment' };
      const invoice = await this.lockInvoice(tx, payment.invoiceId);
      if (!invoice) return { kind: 'rejected', reason: 'unknown invoice' };
      if (refund.currency.toUpperCase() !== 'USD') return { kind: 'rejected', reason: 'currency' };
      if (
        !Number.isSafeInteger(refund.amountCents) ||
        refund.amountCents <= 0 ||
        refund.amountCents > Math.min(payment.amountInCents, invoice.paidCents)
      ) {
        return { kind: 'rejected', reason: 'amount' };
      }
      const [recorded] = await tx
        .insert(transactions)
        .values({
          userId: invoice.userId,
          invoiceId: invoice.id,
          gateway: refund.gateway,
          transId: refund.transId,
          amountOutCents: refund.amountCents,
          description: `Refund of ${refund.paymentTransId} (Invoice #${invoice.id})`,
        })
        .onConflictDoNothing({ target: [transactions.gateway, transactions.transId] })
        .returning({ id: transactions.id });
      if (!recorded) return { kind: 'duplicate' };

      const paidCents = invoice.paidCents - refund.amountCents;
      const invoiceRefunded = invoice.status === 'Paid' && paidCents === 0;
      await tx
        .update(invoices)
        .set({ paidCents, ...(invoiceRefunded && { status: 'Refunded' as const }) })
        .where(eq(invoices.id, invoice.id));
      return { kind: 'recorded', transactionId: recorded.id, invoiceRefunded };
    });
  }

  /**
   * Marks an Unpaid invoice Paid when nothing is left to pay (by gateway, credit or both): once,
   * with its payment date. Money beyond the balance becomes credit; an AddFunds invoice's amount
   * becomes credit (a deposit); each service a renewal line bills is due again at the end of its
   * period. The payment mail and the invoice-paid job (unsuspension), enqueued in the same
   * transaction, do the rest durably. Returns whether the invoice became Paid now.
   */
  async settleIfPaid(tx: Tx, invoice: InvoiceRecord): Promise<boolean> {
    if (invoice.status !== 'Unpaid' || invoice.totalCents - invoice.paidCents > 0) return false;
    await tx
      .update(invoices)
      .set({ status: 'Paid', datePaid: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'Unpaid')));

    const [deposit] = await tx
      .select({ cents: sql<number>`coalesce(sum(${invoiceItems.amountCents}), 0)::int` })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.invoiceId, invoice.id), eq(invoiceItems.type, 'AddFunds')));
    if (deposit && deposit.cents > 0) {
      await this.adjustCredit(tx, {
        userId: invoice.userId,
        deltaCents: deposit.cents,
        kind: 'deposit',
        invoiceId: invoice.id,
        description: `Add Funds Invoice #${invoice.id}`,
      });
    }
    const overpaidCents = invoice.paidCents - invoice.totalCents;
    if (overpaidCents > 0) {
      await this.adjustCredit(tx, {
        userId: invoice.userId,
        deltaCents: overpaidCents,
        kind: 'deposit',
        invoiceId: invoice.id,
        description: `Overpayment of Invoice #${invoice.id}`,
      });
    }
    await this.advanceRenewedServices(tx, invoice.id);
    const data: InvoicePaidJobData = { invoiceId: invoice.id };
    await this.jobs.sendInTransaction(tx, INVOICE_PAID_JOB, data, { singletonKey: `paid-${invoice.id}` });
    await queueBillingMail(this.jobs, tx, { kind: 'payment-received', invoiceId: invoice.id });
    return true;
  }

  /**
   * Moves each service a renewal line of the paid invoice bills to the end of that line's period.
   * Only forward, so it happens once: a due date already at or past the period's end (the period
   * paid before, or the date moved by hand) stays. The service's row lock comes after the
   * invoice's and the account's, the order every writer takes.
   */
  private async advanceRenewedServices(tx: Tx, invoiceId: number): Promise<void> {
    await tx
      .update(services)
      .set({ nextDueDate: sql`${invoiceItems.periodEnd}` })
      .from(invoiceItems)
      .where(
        and(
          eq(invoiceItems.invoiceId, invoiceId),
          eq(invoiceItems.type, 'Hosting'),
          eq(invoiceItems.serviceId, services.id),
          isNotNull(invoiceItems.periodEnd),
          sql`(${services.nextDueDate} is null or ${services.nextDueDate} < ${invoiceItems.periodEnd})`,
        ),
      );
  }
}

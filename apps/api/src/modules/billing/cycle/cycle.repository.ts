import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import {
  invoiceItems,
  invoices,
  products,
  serviceCancellations,
  services,
  users,
} from '../../../db/schema/index.ts';
import { renewingCycles } from './cycle-dates.ts';

/** Why the billing cycle suspends a service; unsuspension on payment lifts only this reason. */
export const OVERDUE_SUSPENSION_REASON = 'Overdue on Payment';

/** How many rows one run of a step takes on; the next run (minutes later) goes on with the rest. */
const BATCH = 500;

export interface RenewalCandidate {
  serviceId: number;
  userId: number;
  domain: string;
  productName: string;
  billingCycle: string;
  regDate: string;
  nextDueDate: string;
  amountCents: number;
  paymentMethod: string;
}

export interface SuspendedService {
  serviceId: number;
  provider: (typeof services.$inferSelect)['provider'];
  upstreamId: string | null;
}

export interface SuspensionCandidate extends SuspendedService {
  invoiceId: number;
}

/** A line that renews a service for a period (see the index invoice_items_one_renewal_per_period). */
const isRenewalLine = and(eq(invoiceItems.type, 'Hosting'), isNotNull(invoiceItems.serviceId));

/** The queries and writes of the billing cycle; the rules are in its services. */
export class CycleRepository {
  constructor(private readonly db: Db) {}

  /**
   * Active services of a renewing cycle due on or before `horizon` whose period from their next
   * due date has no invoice line yet. A pending cancellation stops renewals; so does a zero price.
   */
  async servicesDueForRenewal(horizon: string): Promise<RenewalCandidate[]> {
    const rows = await this.db
      .select({
        serviceId: services.id,
        userId: services.userId,
        domain: services.domain,
        productName: products.name,
        billingCycle: services.billingCycle,
        regDate: services.regDate,
        nextDueDate: services.nextDueDate,
        amountCents: services.recurringAmountCents,
        paymentMethod: users.defaultGateway,
      })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .innerJoin(users, eq(users.id, services.userId))
      .where(
        and(
          eq(services.status, 'Active'),
          inArray(services.billingCycle, [...renewingCycles]),
          gt(services.recurringAmountCents, 0),
          isNotNull(services.nextDueDate),
          lte(services.nextDueDate, horizon),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(invoiceItems)
              .where(
                and(
                  eq(invoiceItems.serviceId, services.id),
                  eq(invoiceItems.periodStart, services.nextDueDate),
                ),
              ),
          ),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(serviceCancellations)
              .where(
                and(
                  eq(serviceCancellations.serviceId, services.id),
                  eq(serviceCancellations.status, 'pending'),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(services.nextDueDate), asc(services.id))
      .limit(BATCH);
    return rows as RenewalCandidate[];
  }

  /**
   * The renewal invoice of one service and period. A second instance (or run) raising the same
   * period breaks the unique renewal index: the caller's transaction then rolls back whole.
   */
  async insertRenewalInvoice(
    tx: Tx,
    values: {
      userId: number;
      date: string;
      dueDate: string;
      paymentMethod: string;
      line: {
        serviceId: number;
        description: string;
        amountCents: number;
        periodStart: string;
        periodEnd: string;
      };
    },
  ): Promise<number> {
    const { line } = values;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        userId: values.userId,
        date: values.date,
        dueDate: values.dueDate,
        status: 'Unpaid',
        subtotalCents: line.amountCents,
        totalCents: line.amountCents,
        paymentMethod: values.paymentMethod,
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceItems).values({ invoiceId: invoice!.id, type: 'Hosting', ...line });
    return invoice!.id;
  }

  /**
   * Counts one discounted renewal of a promotion recurring for N renewals (services ordered with
   * one carry the renewals left and their full price): the last one puts the full price back and
   * clears both, so later renewals are billed in full. Nothing for a service without one.
   */
  async countPromoRenewal(tx: Tx, serviceId: number): Promise<void> {
    const last = sql`${services.promoRenewalsLeft} <= 1`;
    await tx
      .update(services)
      .set({
        recurringAmountCents: sql`case when ${last} then coalesce(${services.undiscountedRecurringCents}, ${services.recurringAmountCents}) else ${services.recurringAmountCents} end`,
        undiscountedRecurringCents: sql`case when ${last} then null else ${services.undiscountedRecurringCents} end`,
        promoRenewalsLeft: sql`case when ${last} then null else ${services.promoRenewalsLeft} - 1 end`,
      })
      .where(and(eq(services.id, serviceId), isNotNull(services.promoRenewalsLeft)));
  }

  /** Unpaid invoices due before `today` that had no overdue notice; deposits (AddFunds) get none. */
  async overdueWithoutNotice(today: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'Unpaid'),
          lt(invoices.dueDate, today),
          isNull(invoices.overdueNoticeAt),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(invoiceItems)
              .where(and(eq(invoiceItems.invoiceId, invoices.id), eq(invoiceItems.type, 'AddFunds'))),
          ),
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(BATCH);
    return rows.map((row) => row.id);
  }

  /** Stamps the notice; false when another run did, or the invoice is no longer Unpaid. */
  async markOverdueNotice(tx: Tx, invoiceId: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(invoices)
      .set({ overdueNoticeAt: at })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'Unpaid'), isNull(invoices.overdueNoticeAt)))
      .returning({ id: invoices.id });
    return rows.length > 0;
  }

  /** Active services billed by a Hosting line of an Unpaid invoice due on or before `lastDueDate`. */
  async servicesToSuspend(lastDueDate: string): Promise<SuspensionCandidate[]> {
    return this.db
      .selectDistinct({
        serviceId: services.id,
        invoiceId: invoices.id,
        provider: services.provider,
        upstreamId: services.upstreamId,
      })
      .from(invoices)
      .innerJoin(invoiceItems, and(eq(invoiceItems.invoiceId, invoices.id), isRenewalLine))
      .innerJoin(services, eq(services.id, invoiceItems.serviceId))
      .where(
        and(eq(invoices.status, 'Unpaid'), lte(invoices.dueDate, lastDueDate), eq(services.status, 'Active')),
      )
      .orderBy(asc(invoices.id), asc(services.id))
      .limit(BATCH);
  }

  /**
   * Marks the service Suspended for the invoice, under the invoice's lock (taken first, as
   * InvoiceSettlement does) so that a payment either lands before (nothing is suspended) or after
   * (its invoice-paid job finds the service Suspended and lifts it). 'paid' when the invoice no
   * longer needs it; 'unchanged' when the service is no longer Active (another run suspended it).
   */
  async suspendForInvoice(
    tx: Tx,
    serviceId: number,
    invoiceId: number,
  ): Promise<'suspended' | 'paid' | 'unchanged'> {
    const [invoice] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    if (invoice?.status !== 'Unpaid') return 'paid';
    const rows = await tx
      .update(services)
      .set({ status: 'Suspended', suspensionReason: OVERDUE_SUSPENSION_REASON })
      .where(and(eq(services.id, serviceId), eq(services.status, 'Active')))
      .returning({ id: services.id });
    return rows.length > 0 ? 'suspended' : 'unchanged';
  }

  /**
   * Services suspended for non-payment that no invoice keeps overdue any more (no Unpaid Hosting
   * line of theirs due before `today`); with `invoiceId`, only those that invoice's lines bill.
   */
  async suspendedWithoutOverdue(today: string, invoiceId?: number): Promise<SuspendedService[]> {
    const overdue = alias(invoices, 'overdue');
    const overdueLines = alias(invoiceItems, 'overdue_lines');
    const stillOverdue = this.db
      .select({ one: sql`1` })
      .from(overdueLines)
      .innerJoin(overdue, eq(overdue.id, overdueLines.invoiceId))
      .where(
        and(
          eq(overdueLines.serviceId, services.id),
          eq(overdueLines.type, 'Hosting'),
          eq(overdue.status, 'Unpaid'),
          lt(overdue.dueDate, today),
        ),
      );
    const onInvoice =
      invoiceId === undefined
        ? undefined
        : exists(
            this.db
              .select({ one: sql`1` })
              .from(invoiceItems)
              .where(
                and(
                  eq(invoiceItems.invoiceId, invoiceId),
                  eq(invoiceItems.serviceId, services.id),
                  isRenewalLine,
                ),
              ),
          );
    return this.db
      .select({ serviceId: services.id, provider: services.provider, upstreamId: services.upstreamId })
      .from(services)
      .where(
        and(
          eq(services.status, 'Suspended'),
          eq(services.suspensionReason, OVERDUE_SUSPENSION_REASON),
          onInvoice,
          notExists(stillOverdue),
        ),
      )
      .orderBy(asc(services.id))
      .limit(BATCH);
  }

  /** Active again, the reason cleared; only a suspension for non-payment is lifted. */
  async unsuspend(serviceId: number): Promise<boolean> {
    const rows = await this.db
      .update(services)
      .set({ status: 'Active', suspensionReason: '' })
      .where(
        and(
          eq(services.id, serviceId),
          eq(services.status, 'Suspended'),
          eq(services.suspensionReason, OVERDUE_SUSPENSION_REASON),
        ),
      )
      .returning({ id: services.id });
    return rows.length > 0;
  }
}

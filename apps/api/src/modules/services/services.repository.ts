import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUnpaid } from '../billing/unpaid-status.ts';
import {
  invoiceItems,
  invoices,
  productGroups,
  products,
  serviceCancellations,
  type ServiceRow,
  services,
} from '../../db/schema/index.ts';

/** Each service's pending cancellation request (at most one, by a partial unique index). */
export const pendingCancellations = (db: DbOrTx) =>
  db
    .select({
      serviceId: serviceCancellations.serviceId,
      id: serviceCancellations.id,
      type: serviceCancellations.type,
      reason: serviceCancellations.reason,
      createdAt: serviceCancellations.createdAt,
    })
    .from(serviceCancellations)
    // A literal, not a parameter, so a generic plan can use the partial unique index on pending rows.
    .where(sql`${serviceCancellations.status} = 'pending'`)
    .as('pending_cancellation');

/**
 * The service columns its list item shows (services.mapper.ts): the list reads no others, since
 * a big account's whole list parses and maps every column of thousands of rows.
 */
export const listedServiceColumns = {
  id: services.id,
  productId: services.productId,
  domain: services.domain,
  dedicatedIp: services.dedicatedIp,
  assignedIps: services.assignedIps,
  status: services.status,
  billingCycle: services.billingCycle,
  firstPaymentCents: services.firstPaymentCents,
  recurringAmountCents: services.recurringAmountCents,
  regDate: services.regDate,
  nextDueDate: services.nextDueDate,
  suspensionReason: services.suspensionReason,
  configOptions: services.configOptions,
  customFields: services.customFields,
};

/** A service (its whole row unless told which columns) with its product, group and pending cancellation. */
export const billingFields = <S = typeof services>(
  pending: ReturnType<typeof pendingCancellations>,
  service: S = services as S,
) => ({
  service,
  productName: products.name,
  groupName: productGroups.name,
  cancellation: {
    id: pending.id,
    type: pending.type,
    reason: pending.reason,
    createdAt: pending.createdAt,
  },
});

/** The oldest unpaid invoice billing the service: the one its 'Invoice Due' tag links to. */
const unpaidInvoiceId = sql<number | null>`(
  select min(${invoices.id}) from ${invoiceItems}
  join ${invoices} on ${invoices.id} = ${invoiceItems.invoiceId}
  where ${invoiceItems.serviceId} = ${services.id} and ${isUnpaid}
)`.mapWith((value) => (value === null ? null : Number(value)));

export class ServicesRepository {
  // The hot reads, prepared on first use: instances made for one transaction never run them.
  private withBillingById?: ReturnType<ServicesRepository['prepareWithBillingById']>;
  private byId?: ReturnType<ServicesRepository['prepareById']>;

  constructor(private readonly db: DbOrTx) {}

  private selectWithBilling(where: SQL | undefined) {
    const pending = pendingCancellations(this.db);
    return this.db
      .select({
        ...billingFields(pending),
        invoiceId: unpaidInvoiceId,
      })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .leftJoin(pending, eq(pending.serviceId, services.id))
      .where(where)
      .orderBy(services.id);
  }

  private prepareWithBillingById() {
    return this.selectWithBilling(eq(services.id, sql.placeholder('id'))).prepare(
      'service_with_billing_by_id',
    );
  }

  private prepareById() {
    return this.db
      .select()
      .from(services)
      .where(eq(services.id, sql.placeholder('id')))
      .prepare('service_by_id');
  }

  /** One service with its billing context: the service pages poll it, prepared once. */
  async findWithBilling(id: number) {
    this.withBillingById ??= this.prepareWithBillingById();
    const [row] = await this.withBillingById.execute({ id });
    return row;
  }

  /** The platform ids of an account's provisioned services on one platform, whatever their status. */
  async listUpstreamIds(accountId: number, provider: NonNullable<ServiceRow['provider']>): Promise<string[]> {
    const rows = await this.db
      .select({ upstreamId: services.upstreamId })
      .from(services)
      .where(
        and(eq(services.userId, accountId), eq(services.provider, provider), isNotNull(services.upstreamId)),
      )
      .orderBy(services.id);
    return rows.flatMap((row) => (row.upstreamId ? [row.upstreamId] : []));
  }

  /** Which of `ids` are services of the account. */
  async idsOfAccount(accountId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.userId, accountId), inArray(services.id, [...ids])));
    return rows.map((row) => row.id);
  }

  /** The row every service route checks access on, prepared once. */
  async findById(id: number) {
    this.byId ??= this.prepareById();
    const [row] = await this.byId.execute({ id });
    return row;
  }

  /** Locks the service row for a state change (cancellation request or void). */
  async lockById(id: number) {
    const [row] = await this.db.select().from(services).where(eq(services.id, id)).for('update');
    return row;
  }

  async findPendingCancellation(serviceId: number) {
    const [row] = await this.db
      .select()
      .from(serviceCancellations)
      .where(and(eq(serviceCancellations.serviceId, serviceId), eq(serviceCancellations.status, 'pending')));
    return row;
  }

  /** Inserts a pending request; undefined when one is already pending (partial unique index). */
  async createCancellation(values: typeof serviceCancellations.$inferInsert) {
    const [row] = await this.db.insert(serviceCancellations).values(values).onConflictDoNothing().returning();
    return row;
  }

  async voidCancellation(id: number) {
    await this.db
      .update(serviceCancellations)
      .set({ status: 'voided', closedAt: sql`now()` })
      .where(eq(serviceCancellations.id, id));
  }
}

export type ServiceWithBilling = NonNullable<Awaited<ReturnType<ServicesRepository['findWithBilling']>>>;

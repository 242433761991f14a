import { and, asc, count, eq, gt, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  invoiceItems,
  invoices,
  type OrderStatus,
  orders,
  products,
  promoCodes,
  type ProvisioningState,
  serviceProvisioning,
  services,
} from '../../db/schema/index.ts';
import { randomDigits } from '../../lib/tokens.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber' | 'createdAt'>;
export type NewService = typeof services.$inferInsert;
export type NewProvisioning = typeof serviceProvisioning.$inferInsert;

/** Digits of an order number: random, so numbers reveal nothing of how many orders there are. */
const ORDER_NUMBER_DIGITS = 10;

/** The reads of the fraud check, outside any transaction. */
export class OrderHistoryRepository {
  constructor(private readonly db: Db) {}

  async countByAccountSince(userId: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), gte(orders.createdAt, since)));
    return row?.total ?? 0;
  }

  async countByAddressSince(ipAddress: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(orders)
      .where(and(eq(orders.ipAddress, ipAddress), gte(orders.createdAt, since)));
    return row?.total ?? 0;
  }

  async hasPaidInvoice(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'Paid'), gt(invoices.totalCents, 0)))
      .limit(1);
    return row !== undefined;
  }

  /** An order of the account as placing it left it: its number, status, invoice and services. */
  async placed(userId: number, orderId: number) {
    const [order] = await this.db
      .select({ orderNumber: orders.orderNumber, status: orders.status, invoiceId: orders.invoiceId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) return undefined;
    const rows = await this.db
      .select({ serviceId: serviceProvisioning.serviceId })
      .from(serviceProvisioning)
      .where(eq(serviceProvisioning.orderId, orderId))
      .orderBy(asc(serviceProvisioning.serviceId));
    return { ...order, serviceIds: rows.map((row) => row.serviceId) };
  }
}

/**
 * The writes of placing, accepting and cancelling an order, inside the command's transaction.
 * Rows are locked in one order everywhere (the order, its products by id, the promotion code,
 * then the invoice), so two commands running at once wait for each other and never deadlock.
 */
export class OrderWrites {
  constructor(private readonly tx: Tx) {}

  /** Locks the products' rows, in id order, for the stock they hold. */
  lockProducts(ids: readonly number[]) {
    return this.tx
      .select({ id: products.id, stockControl: products.stockControl, stockLevel: products.stockLevel })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .orderBy(asc(products.id))
      .for('update');
  }

  /** Takes `quantity` units of a stock-controlled product; false when fewer are left. */
  async takeStock(productId: number, quantity: number): Promise<boolean> {
    const rows = await this.tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} - ${quantity}` })
      .where(
        and(eq(products.id, productId), eq(products.stockControl, true), gte(products.stockLevel, quantity)),
      )
      .returning({ id: products.id });
    return rows.length > 0;
  }

  async returnStock(productId: number, quantity: number): Promise<void> {
    await this.tx
      .update(products)
      .set({ stockLevel: sql`${products.stockLevel} + ${quantity}` })
      .where(and(eq(products.id, productId), eq(products.stockControl, true)));
  }

  /** Counts one use of a promotion code; false when it has been used as often as it may be. */
  async takePromoUse(promoId: number): Promise<boolean> {
    const rows = await this.tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(
        and(
          eq(promoCodes.id, promoId),
          sql`(${promoCodes.maxUses} = 0 or ${promoCodes.uses} < ${promoCodes.maxUses})`,
        ),
      )
      .returning({ id: promoCodes.id });
    return rows.length > 0;
  }

  async returnPromoUse(promoId: number): Promise<void> {
    await this.tx
      .update(promoCodes)
      .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
      .where(eq(promoCodes.id, promoId));
  }

  /** Inserts the order under a fresh random number (drawn again on the rare collision). */
  async insertOrder(values: NewOrder): Promise<OrderRow> {
    for (;;) {
      const [row] = await this.tx
        .insert(orders)
        .values({ ...values, orderNumber: randomDigits(ORDER_NUMBER_DIGITS) })
        .onConflictDoNothing({ target: orders.orderNumber })
        .returning();
      if (row) return row;
    }
  }

  async setOrder(orderId: number, values: { status?: OrderStatus; invoiceId?: number }): Promise<void> {
    await this.tx.update(orders).set(values).where(eq(orders.id, orderId));
  }

  async lockOrder(orderId: number): Promise<OrderRow | undefined> {
    const [row] = await this.tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row;
  }

  async insertServices(rows: NewService[]): Promise<number[]> {
    const inserted = await this.tx.insert(services).values(rows).returning({ id: services.id });
    return inserted.map((row) => row.id);
  }

  async insertProvisioning(rows: NewProvisioning[]): Promise<void> {
    if (rows.length > 0) await this.tx.insert(serviceProvisioning).values(rows);
  }

  /** The services an order's invoice bills, with their products (each once). */
  servicesOfInvoice(invoiceId: number): Promise<{ id: number; productId: number }[]> {
    return this.tx
      .selectDistinct({ id: services.id, productId: services.productId })
      .from(invoiceItems)
      .innerJoin(services, eq(services.id, invoiceItems.serviceId))
      .where(and(eq(invoiceItems.invoiceId, invoiceId), isNotNull(invoiceItems.serviceId)))
      .orderBy(asc(services.id));
  }

  async setServicesStatus(ids: readonly number[], status: 'Pending' | 'Cancelled'): Promise<void> {
    if (ids.length > 0)
      await this.tx
        .update(services)
        .set({ status })
        .where(inArray(services.id, [...ids]));
  }

  async setProvisioningState(orderId: number, from: ProvisioningState, to: ProvisioningState): Promise<void> {
    await this.tx
      .update(serviceProvisioning)
      .set({ state: to, updatedAt: new Date() })
      .where(and(eq(serviceProvisioning.orderId, orderId), eq(serviceProvisioning.state, from)));
  }

  /** Drops what a cancelled order would have provisioned, its sealed root password with it. */
  async deleteProvisioning(orderId: number): Promise<void> {
    await this.tx.delete(serviceProvisioning).where(eq(serviceProvisioning.orderId, orderId));
  }

  async lockInvoice(invoiceId: number) {
    const [row] = await this.tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return row;
  }

  async setInvoice(
    invoiceId: number,
    values: { status: 'Unpaid' | 'Cancelled'; date?: string; dueDate?: string },
  ): Promise<void> {
    await this.tx.update(invoices).set(values).where(eq(invoices.id, invoiceId));
  }
}

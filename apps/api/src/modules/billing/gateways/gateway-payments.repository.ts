import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { gatewayPayments, invoices } from '../../../db/schema/index.ts';

export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect;
export type NewGatewayPayment = typeof gatewayPayments.$inferInsert;

/** Checkouts started at the gateways (gateway_payments), and the invoice each one pays. */
export class GatewayPaymentsRepository {
  constructor(private readonly db: DbOrTx) {}

  async findInvoice(id: number) {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  }

  /** The newest pending checkout of one gateway for one invoice and amount, started after `since`. */
  async findOpen(invoiceId: number, gateway: string, amountCents: number, since: Date) {
    const [row] = await this.db
      .select()
      .from(gatewayPayments)
      .where(
        and(
          eq(gatewayPayments.invoiceId, invoiceId),
          eq(gatewayPayments.gateway, gateway),
          eq(gatewayPayments.amountCents, amountCents),
          eq(gatewayPayments.status, 'pending'),
          gt(gatewayPayments.createdAt, since),
        ),
      )
      .orderBy(desc(gatewayPayments.id))
      .limit(1);
    return row;
  }

  /** Records a checkout; one the gateway handed out before (same external id) is kept as it was. */
  async insert(values: NewGatewayPayment): Promise<void> {
    await this.db
      .insert(gatewayPayments)
      .values(values)
      .onConflictDoNothing({ target: [gatewayPayments.gateway, gatewayPayments.externalId] });
  }

  async findByExternalId(gateway: string, externalId: string) {
    const [row] = await this.db
      .select()
      .from(gatewayPayments)
      .where(and(eq(gatewayPayments.gateway, gateway), eq(gatewayPayments.externalId, externalId)));
    return row;
  }

  async setStatus(id: number, status: GatewayPaymentRow['status']): Promise<void> {
    await this.db
      .update(gatewayPayments)
      .set({ status, updatedAt: new Date() })
      .where(eq(gatewayPayments.id, id));
  }
}

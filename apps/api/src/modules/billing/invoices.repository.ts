import { and, desc, eq, exists } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceItems, invoices } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export class InvoicesRepository {
  constructor(private readonly db: DbOrTx) {}

  /** An account's invoices, newest first; only those billing `serviceId` when given. */
  listForAccount(accountId: number, serviceId?: number): Promise<InvoiceRow[]> {
    const conditions = [eq(invoices.userId, accountId)];
    if (serviceId !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: invoiceItems.id })
            .from(invoiceItems)
            .where(and(eq(invoiceItems.invoiceId, invoices.id), eq(invoiceItems.serviceId, serviceId))),
        ),
      );
    }
    return this.db
      .select()
      .from(invoices)
      .where(and(...conditions))
      .orderBy(desc(invoices.date), desc(invoices.id));
  }
}

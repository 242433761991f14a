import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoiceItems, invoices, services } from '../../db/schema/index.ts';

/**
 * The writes of a plan upgrade, inside its transaction: the service row locked while it changes,
 * the upgrade invoice and its line, and the service's new plan and recurring amount.
 */
export class Vps2UpgradeRepository {
  constructor(private readonly tx: Tx) {}

  async lockService(id: number) {
    const [row] = await this.tx.select().from(services).where(eq(services.id, id)).for('update');
    return row;
  }

  async createInvoice(values: {
    userId: number;
    date: string;
    amountCents: number;
    paymentMethod: string;
    line: { serviceId: number; description: string };
  }): Promise<number> {
    const paid = values.amountCents === 0;
    const [invoice] = await this.tx
      .insert(invoices)
      .values({
        userId: values.userId,
        date: values.date,
        dueDate: values.date,
        // Nothing to pay (an upgrade on the last day of a period) is settled at once.
        status: paid ? 'Paid' : 'Unpaid',
        datePaid: paid ? new Date() : null,
        subtotalCents: values.amountCents,
        totalCents: values.amountCents,
        paymentMethod: values.paymentMethod,
      })
      .returning({ id: invoices.id });
    await this.tx.insert(invoiceItems).values({
      invoiceId: invoice!.id,
      type: 'Upgrade',
      serviceId: values.line.serviceId,
      description: values.line.description,
      amountCents: values.amountCents,
    });
    return invoice!.id;
  }

  async changePlan(serviceId: number, productId: number, recurringAmountCents: number): Promise<void> {
    await this.tx.update(services).set({ productId, recurringAmountCents }).where(eq(services.id, serviceId));
  }
}

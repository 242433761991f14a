import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { BillingCycle } from './cycle/billing-cycle.ts';

/** What starts the provisioning of an order's services once their invoice is paid. */
export interface ProvisioningTrigger {
  queueForInvoice(invoiceId: number): Promise<{ queued: number }>;
}

/**
 * What follows an invoice becoming Paid, run by the invoice-paid job after the payment's
 * transaction committed: its services suspended for non-payment, when no other invoice keeps them
 * overdue, are switched on and made Active again, and the services its order is waiting to set up
 * are queued for provisioning. (The payment's mail is a billing-mail job of its own, queued by
 * InvoiceSettlement.) Safe to run again: a retried job finds them Active, or queued already.
 */
export class InvoicePaidEffects {
  constructor(
    private readonly database: Database,
    private readonly cycle: BillingCycle,
    private readonly provisioning: ProvisioningTrigger,
  ) {}

  async apply(invoiceId: number): Promise<{ unsuspended: number; provisioning: number }> {
    const [row] = await this.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (row?.status !== 'Paid') return { unsuspended: 0, provisioning: 0 };
    const unsuspended = await this.cycle.liftAfterPayment(invoiceId);
    const { queued } = await this.provisioning.queueForInvoice(invoiceId);
    return { unsuspended, provisioning: queued };
  }
}

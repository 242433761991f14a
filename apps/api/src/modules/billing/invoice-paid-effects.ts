import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices, users } from '../../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { billingMails } from './billing-mails.ts';

/**
 * What follows an invoice becoming Paid, run by the invoice-paid job after the payment's
 * transaction committed: the payment confirmation mail. Safe to run again (a retried job).
 */
export class InvoicePaidEffects {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async apply(invoiceId: number): Promise<{ mailed: boolean }> {
    const [row] = await this.database.db
      .select({
        id: invoices.id,
        status: invoices.status,
        totalCents: invoices.totalCents,
        email: users.email,
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(invoices.id, invoiceId));
    if (!row || row.status !== 'Paid') return { mailed: false };
    await this.mailer.send(
      billingMails.paymentReceived(row.email, row, `${this.publicUrl}/invoices/${row.id}`),
    );
    return { mailed: true };
  }
}

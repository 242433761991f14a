import type { EmailNotifications } from '@rackdesk/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { invoiceItems, invoices, orders, products, services } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { accountMailRecipients } from '../mail/recipients.ts';
import { orderMails } from '../mail/templates.ts';
import { billingMails } from './billing-mails.ts';

/** The job that sends one billing mail; see jobs/billing-mail.ts. */
export const BILLING_MAIL_JOB = 'billing-mail';

export type BillingMailJobData =
  | { kind: 'invoice-created' | 'payment-received' | 'overdue-notice'; invoiceId: number }
  | { kind: 'service-suspended'; invoiceId: number; serviceId: number }
  /** An order placed (or accepted after review), with the invoice that pays for it. */
  | { kind: 'order-confirmation'; invoiceId: number; orderId: number };

/**
 * Enqueues a billing mail in the transaction that made its event, so the mail exists exactly when
 * the event committed. The key keeps a retried event from queueing the same mail twice.
 */
export function queueBillingMail(jobs: JobQueue, tx: Tx, mail: BillingMailJobData): Promise<string | null> {
  const subject = mail.kind === 'service-suspended' ? `${mail.serviceId}-${mail.invoiceId}` : mail.invoiceId;
  return jobs.sendInTransaction(tx, BILLING_MAIL_JOB, mail, { singletonKey: `${mail.kind}-${subject}` });
}

/** Which sub-account flag (portal spec §3) lets a sub-account receive a kind of mail. */
const NOTIFICATION_FLAG: Record<BillingMailJobData['kind'], keyof EmailNotifications> = {
  'invoice-created': 'invoiceemails',
  'payment-received': 'invoiceemails',
  'overdue-notice': 'invoiceemails',
  'service-suspended': 'productemails',
  'order-confirmation': 'generalemails',
};

/**
 * Sends a billing mail when its job runs, from the rows as they are then: a mail whose event no
 * longer holds (an overdue notice for an invoice paid meanwhile) is dropped. It goes to the
 * account's owner and to each open sub-account that chose to receive its kind.
 */
export class BillingMailSender {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async send(mail: BillingMailJobData): Promise<{ sent: number }> {
    const compose = await this.compose(mail);
    if (!compose) return { sent: 0 };
    const recipients = await accountMailRecipients(
      this.database.db,
      compose.userId,
      NOTIFICATION_FLAG[mail.kind],
    );
    for (const to of recipients) await this.mailer.send(compose.message(to));
    return { sent: recipients.length };
  }

  private async compose(
    mail: BillingMailJobData,
  ): Promise<{ userId: number; message: (to: string) => MailMessage } | undefined> {
    const [invoice] = await this.database.db.select().from(invoices).where(eq(invoices.id, mail.invoiceId));
    if (!invoice) return undefined;
    const link = `${this.publicUrl}/invoices/${invoice.id}`;
    const facts = { id: invoice.id, totalCents: invoice.totalCents, dueDate: invoice.dueDate };
    const withUser = (message: (to: string) => MailMessage) => ({ userId: invoice.userId, message });
    switch (mail.kind) {
      case 'invoice-created':
        return invoice.status === 'Unpaid'
          ? withUser((to) => billingMails.invoiceCreated(to, facts, link))
          : undefined;
      case 'payment-received':
        return invoice.status === 'Paid'
          ? withUser((to) => billingMails.paymentReceived(to, facts, link))
          : undefined;
      case 'overdue-notice': {
        const balanceCents = Math.max(0, invoice.totalCents - invoice.paidCents);
        return invoice.status === 'Unpaid'
          ? withUser((to) => billingMails.overdueNotice(to, { ...facts, balanceCents }, link))
          : undefined;
      }
      case 'order-confirmation': {
        const [order] = await this.database.db
          .select({ orderNumber: orders.orderNumber, status: orders.status })
          .from(orders)
          .where(eq(orders.id, mail.orderId));
        // A held or cancelled order is not confirmed (one accepted later is, then).
        if (!order || (order.status !== 'Pending' && order.status !== 'Active')) return undefined;
        const lines = await this.database.db
          .select({ description: invoiceItems.description })
          .from(invoiceItems)
          .where(and(eq(invoiceItems.invoiceId, invoice.id), isNotNull(invoiceItems.periodStart)))
          .orderBy(asc(invoiceItems.id));
        const facts = {
          ...order,
          invoiceId: invoice.id,
          totalCents: invoice.totalCents,
          dueDate: invoice.dueDate,
          services: lines.map((line) => line.description.split('\n')[0]!),
        };
        return withUser((to) => orderMails.orderConfirmation(to, facts, link));
      }
      case 'service-suspended': {
        const [service] = await this.database.db
          .select({ status: services.status, domain: services.domain, productName: products.name })
          .from(services)
          .innerJoin(products, eq(products.id, services.productId))
          .where(eq(services.id, mail.serviceId));
        return service?.status === 'Suspended'
          ? withUser((to) => billingMails.serviceSuspended(to, service, invoice, link))
          : undefined;
      }
    }
  }
}

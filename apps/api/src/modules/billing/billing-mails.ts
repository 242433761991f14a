import { centsToAmount } from '../../lib/dates.ts';
import type { MailMessage } from '../mail/mailer.ts';

interface InvoiceFacts {
  id: number;
  totalCents: number;
  dueDate: string;
}

const viewInvoice = (link: string) => `View and pay the invoice:\n${link}\n`;

/** The mails of the billing cycle; each is sent by a job (billing-mail), never inline with a request. */
export const billingMails = {
  invoiceCreated(to: string, invoice: InvoiceFacts, link: string): MailMessage {
    return {
      to,
      subject: `Customer Invoice - Invoice #${invoice.id}`,
      text: `A new invoice #${invoice.id} of $${centsToAmount(invoice.totalCents)} USD has been raised for your services, due on ${invoice.dueDate}.\n\n${viewInvoice(link)}`,
    };
  },

  paymentReceived(to: string, invoice: { id: number; totalCents: number }, link: string): MailMessage {
    return {
      to,
      subject: `Invoice Payment Confirmation - Invoice #${invoice.id}`,
      text: `Thank you: we have received your payment of $${centsToAmount(invoice.totalCents)} USD for invoice #${invoice.id}. It is now marked Paid.\n\nView the invoice:\n${link}\n`,
    };
  },

  overdueNotice(to: string, invoice: InvoiceFacts & { balanceCents: number }, link: string): MailMessage {
    return {
      to,
      subject: `Invoice Overdue Notice - Invoice #${invoice.id}`,
      text: `Invoice #${invoice.id} was due on ${invoice.dueDate} and $${centsToAmount(invoice.balanceCents)} USD of it is still unpaid. Services billed on it will be suspended if it stays unpaid.\n\n${viewInvoice(link)}`,
    };
  },

  serviceSuspended(
    to: string,
    service: { productName: string; domain: string },
    invoice: { id: number },
    link: string,
  ): MailMessage {
    const name = service.domain ? `${service.productName} - ${service.domain}` : service.productName;
    return {
      to,
      subject: `Service Suspended - ${name}`,
      text: `Your service ${name} has been suspended because invoice #${invoice.id} is overdue. Paying the invoice unsuspends it.\n\n${viewInvoice(link)}`,
    };
  },
};

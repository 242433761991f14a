import type { MailMessage } from '../mail/mailer.ts';
import { centsToAmount } from '../../lib/dates.ts';

/** The mails of the billing cycle; each is sent by a job, never inline with a request. */
export const billingMails = {
  paymentReceived(to: string, invoice: { id: number; totalCents: number }, link: string): MailMessage {
    return {
      to,
      subject: `Invoice Payment Confirmation - Invoice #${invoice.id}`,
      text: `Thank you: we have received your payment of $${centsToAmount(invoice.totalCents)} USD for invoice #${invoice.id}. It is now marked Paid.\n\nView the invoice:\n${link}\n`,
    };
  },
};

import { centsToAmount } from '../../lib/dates.ts';
import type { MailMessage } from './mailer.ts';

/** What the password-change notice tells of the change. */
export interface PasswordChangeFacts {
  via: 'account' | 'reset';
  /** When, in New York time as the panel shows times. */
  at: string;
  ip: string;
  /** The browser and system, in words ('Firefox 132 on Windows'). */
  client: string;
}

/** The mails of authentication. Links point at the web app's public routes. */
export const authMails = {
  verifyEmail(to: string, link: string): MailMessage {
    return {
      to,
      subject: 'Verify your e-mail address',
      text: `Welcome to Rackdesk.\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nOrders are not processed until your e-mail address is verified. The link is valid for 48 hours.\n`,
    };
  },
  resetPassword(to: string, link: string): MailMessage {
    return {
      to,
      subject: 'Reset your password',
      text: `Someone asked to reset the password of your Rackdesk account.\n\nTo choose a new password, open this link:\n${link}\n\nThe link is valid for one hour. If you did not ask for this, ignore this message: your password stays as it is.\n`,
    };
  },
  loginCode(to: string, code: string): MailMessage {
    return {
      to,
      subject: 'Your sign-in code',
      text: `Your Rackdesk sign-in code is ${code}.\n\nIt is valid for 10 minutes. If you did not try to sign in, change your password.\n`,
    };
  },
  twoFactorCode(to: string, code: string): MailMessage {
    return {
      to,
      subject: 'Your 2FA code',
      text: `Your Rackdesk 2FA code is ${code}.\n\nEnter it on the account page to confirm a change of your security settings. It is valid for 10 minutes. If you did not ask for it, change your password.\n`,
    };
  },
  /**
   * After a password change (`via` the account page or a reset link): from where, so that a change
   * the owner did not make is noticed, and what to do then.
   */
  passwordChanged(to: string, change: PasswordChangeFacts): MailMessage {
    const how = change.via === 'reset' ? 'with a password reset link' : 'on the account page';
    return {
      to,
      subject: 'Your password was changed',
      text: `The password of your Rackdesk account was changed ${how} on ${change.at} (New York time), from the address ${change.ip} (${change.client}).\n\nEvery other signed-in session has been signed out.\n\nIf this was not you, reset your password at once from the sign-in page and check the Security tab of your account.\n`,
    };
  },
  recoveryCodeUsed(to: string, left: number): MailMessage {
    const remaining =
      left === 0
        ? 'You have no recovery codes left: create a new set on the Security tab of your account.'
        : `You have ${left} unused recovery ${left === 1 ? 'code' : 'codes'} left.`;
    return {
      to,
      subject: 'A recovery code was used on your account',
      text: `One of the recovery codes of your Rackdesk account was just used instead of your second factor.\n\n${remaining}\n\nIf this was not you, change your password and create new recovery codes at once.\n`,
    };
  },
};

/** What the order confirmation tells of one order. */
export interface OrderConfirmationFacts {
  orderNumber: string;
  invoiceId: number;
  totalCents: number;
  dueDate: string;
  /** One line per ordered service (product, hostname, period). */
  services: string[];
}

/** The mails of ordering; each is sent by a job, queued in the transaction that placed the order. */
export const orderMails = {
  orderConfirmation(to: string, order: OrderConfirmationFacts, invoiceLink: string): MailMessage {
    const services = order.services.map((line) => `- ${line}`).join('\n');
    return {
      to,
      subject: `Order Confirmation - Order #${order.orderNumber}`,
      text: `Thank you for your order #${order.orderNumber}.\n\nYou ordered:\n${services}\n\nInvoice #${order.invoiceId} of $${centsToAmount(order.totalCents)} USD is due on ${order.dueDate}. Your services are set up as soon as it is paid, and we will mail you when they are ready.\n\nView and pay the invoice:\n${invoiceLink}\n`,
    };
  },
};

/** What the support mails tell of a ticket. */
interface TicketFacts {
  tid: string;
  subject: string;
}

/** The mails of support tickets; the message is quoted as plain text, as it was written. */
export const supportMails = {
  guestTicketOpened(to: string, ticket: TicketFacts, link: string): MailMessage {
    return {
      to,
      subject: `[Ticket #${ticket.tid}] ${ticket.subject}`,
      text: `Thank you for contacting us. Your ticket #${ticket.tid} has been opened and our team will answer soon.\n\nFollow your ticket and reply to it with this link:\n${link}\n\nKeep the link to yourself: anyone who has it can read the ticket.\n`,
    };
  },
  staffReply(
    to: string,
    ticket: TicketFacts,
    reply: { admin: string; message: string },
    link: string,
  ): MailMessage {
    return {
      to,
      subject: `[Ticket #${ticket.tid}] ${ticket.subject}`,
      text: `${reply.admin} answered your ticket #${ticket.tid}:\n\n${reply.message}\n\nRead the ticket and reply:\n${link}\n`,
    };
  },
};

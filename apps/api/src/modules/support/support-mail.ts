import type { Database } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountMailRecipients } from '../mail/recipients.ts';
import { supportMails } from '../mail/templates.ts';
import { SupportRepository } from './support.repository.ts';

/** The job that sends one support mail; see jobs/support-mail.ts. */
export const SUPPORT_MAIL_JOB = 'support-mail';

export type SupportMailJobData =
  /** A guest opened a ticket: the link with its access key. */
  | { kind: 'guest-ticket-opened'; tid: string }
  /** Staff answered: to the owner (and sub-accounts taking support mails), or the guest. */
  | { kind: 'staff-reply'; tid: string; replyId: number };

export function queueSupportMail(jobs: JobQueue, mail: SupportMailJobData): Promise<string | null> {
  const subject = mail.kind === 'staff-reply' ? `${mail.tid}-${mail.replyId}` : mail.tid;
  return jobs.send(SUPPORT_MAIL_JOB, mail, { singletonKey: `${mail.kind}-${subject}` });
}

/**
 * Sends a support mail from the ticket as it is when the job runs. A guest's link carries their
 * access key, opened from its sealed copy here and nowhere else; an account's link is the plain
 * ticket page, which asks for a sign-in.
 */
export class SupportMailSender {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly secrets: SecretBox,
    private readonly publicUrl: string,
  ) {}

  async send(mail: SupportMailJobData): Promise<{ sent: number }> {
    const support = new SupportRepository(this.database.db);
    const ticket = (await support.findTicketByTid(mail.tid))?.ticket;
    if (!ticket) return { sent: 0 };
    const link = this.linkTo(ticket);
    if (!link) return { sent: 0 };
    if (mail.kind === 'guest-ticket-opened') {
      if (ticket.userId !== null) return { sent: 0 };
      await this.mailer.send(supportMails.guestTicketOpened(ticket.email, ticket, link));
      return { sent: 1 };
    }
    const reply = await support.findReply(ticket.id, mail.replyId);
    if (!reply) return { sent: 0 };
    const recipients =
      ticket.userId === null
        ? [ticket.email]
        : await accountMailRecipients(this.database.db, ticket.userId, 'supportemails');
    for (const to of recipients) await this.mailer.send(supportMails.staffReply(to, ticket, reply, link));
    return { sent: recipients.length };
  }

  private linkTo(ticket: TicketRow): string | undefined {
    const page = `${this.publicUrl}/support/${ticket.tid}`;
    if (ticket.userId !== null) return page;
    return ticket.accessKeySealed
      ? `${page}?c=${encodeURIComponent(this.secrets.open(ticket.accessKeySealed))}`
      : undefined;
  }
}

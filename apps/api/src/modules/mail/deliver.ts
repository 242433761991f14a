import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends a mail the caller cannot do without (a link, a code): a failure is logged with its cause
 * and answered 502, so the page can say that the mail did not go out.
 */
export async function deliverMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed');
    throw new AppError(502, 'We could not send the e-mail. Please try again later.');
  }
}

/**
 * Sends a notice whose failure must not undo what it reports (a password changed, a recovery code
 * used): the change stands, the failure is logged.
 */
export async function sendNotice(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<void> {
  await mailer.send(message).catch((error: unknown) => {
    log.error({ err: error, to: message.to, subject: message.subject }, 'notice not sent');
  });
}

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

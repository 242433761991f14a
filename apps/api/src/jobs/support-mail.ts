import type { AppContext } from '../app-context.ts';
import { SUPPORT_MAIL_JOB, type SupportMailJobData } from '../modules/support/support-mail.ts';
import type { JobDefinition } from './job-queue.ts';

/** Sends one support mail (a guest's link, a staff answer), queued by the support services. */
export function supportMailJob(ctx: AppContext): JobDefinition<SupportMailJobData> {
  return {
    name: SUPPORT_MAIL_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    handler: (mail) => ctx.supportMail.send(mail),
  };
}

import type { AppContext } from '../app-context.ts';
import {
  SERVICE_READY_MAIL_JOB,
  type ServiceReadyMailJobData,
} from '../modules/provisioning/service-ready-mail.ts';
import type { JobDefinition } from './job-queue.ts';

/** Mails 'your server is ready', queued by the transaction that activated the service. */
export function serviceReadyMailJob(ctx: AppContext): JobDefinition<ServiceReadyMailJobData> {
  return {
    name: SERVICE_READY_MAIL_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    handler: (mail) => ctx.serviceReadyMail.send(mail),
  };
}

import type { AppContext } from '../app-context.ts';
import { BILLING_MAIL_JOB, type BillingMailJobData } from '../modules/billing/billing-mail-sender.ts';
import type { JobDefinition } from './job-queue.ts';

/** Sends one billing mail, queued by the transaction that made its event (see queueBillingMail). */
export function billingMailJob(ctx: AppContext): JobDefinition<BillingMailJobData> {
  return {
    name: BILLING_MAIL_JOB,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    handler: (mail) => ctx.billingMail.send(mail),
  };
}

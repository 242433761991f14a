import type { AppContext } from '../app-context.ts';
import type { JobDefinition } from './job-queue.ts';

export const BILLING_CYCLE_JOB = 'billing-cycle';

/**
 * Renewal invoices, overdue notices, suspensions and their lifting (modules/billing/cycle), on
 * BILLING_CYCLE_CRON. One run waiting is enough and two never overlap; a run whose platform calls
 * failed is retried, and the next tick goes on anyway.
 */
export function billingCycleJob(ctx: AppContext): JobDefinition {
  return {
    name: BILLING_CYCLE_JOB,
    cron: ctx.config.billing.cycleCron,
    options: { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    handler: async () => ({ ...(await ctx.billingCycle.run()) }),
  };
}

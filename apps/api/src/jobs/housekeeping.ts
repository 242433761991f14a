import type { AppContext } from '../app-context.ts';
import type { JobDefinition } from './job-queue.ts';

/**
 * Deletes rows that can no longer be used: ended sessions, expired one-time tokens, redeemed
 * captchas past their expiry, rate-limit windows that have closed and idempotency keys past their
 * day. Each module decides what has expired in its own tables; this job only runs them now and then.
 */
export function housekeepingJob(ctx: AppContext): JobDefinition {
  return {
    name: 'housekeeping',
    cron: '*/5 * * * *',
    // One run waiting is enough and two never overlap; a failed run is retried by the next tick.
    options: { policy: 'stately', retryLimit: 0 },
    async handler() {
      return {
        ...(await ctx.auth.deleteExpired()),
        captchas: await ctx.captcha.deleteExpired(),
        idempotencyKeys: await ctx.idempotencyKeys.deleteExpired(),
      };
    },
  };
}

import type { AppContext } from '../app-context.ts';
import {
  PROVISION_SERVICE_JOB,
  type ProvisionServiceJobData,
} from '../modules/provisioning/provisioning.service.ts';
import type { JobDefinition } from './job-queue.ts';

/**
 * Provisions one ordered service after its invoice was paid. 'exclusive': one job per service
 * (singleton key) is queued or running at a time across instances; a failed attempt is retried
 * with a growing delay, and the last one gives up (see ProvisionServiceCommand).
 */
export function provisionServiceJob(ctx: AppContext): JobDefinition<ProvisionServiceJobData> {
  const { retryLimit, retryDelaySeconds, attemptSeconds } = ctx.config.provisioning;
  return {
    name: PROVISION_SERVICE_JOB,
    options: {
      policy: 'exclusive',
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: attemptSeconds,
      concurrency: 2,
    },
    handler: ({ serviceId }, run) => ctx.provisioning.runAttempt(serviceId, run),
  };
}

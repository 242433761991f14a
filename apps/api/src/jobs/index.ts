import type { AppContext } from '../app-context.ts';
import { billingCycleJob } from './billing-cycle.ts';
import { billingMailJob } from './billing-mail.ts';
import { housekeepingJob } from './housekeeping.ts';
import { invoicePaidJob } from './invoice-paid.ts';
import type { JobDefinition } from './job-queue.ts';
import { provisionServiceJob } from './provision-service.ts';
import { serviceReadyMailJob } from './service-ready-mail.ts';
import { supportMailJob } from './support-mail.ts';
import { vps2BackupScheduleJob } from './vps2-backup-schedule.ts';
import { watchServerJob } from './watch-server.ts';

/** Every kind of job the API runs: add a definition here to register its worker and schedule. */
// `never`: each definition's data type is its own, and is checked in its file.
const definitions: ((ctx: AppContext) => JobDefinition<never>)[] = [
  housekeepingJob,
  watchServerJob,
  vps2BackupScheduleJob,
  invoicePaidJob,
  billingMailJob,
  billingCycleJob,
  provisionServiceJob,
  serviceReadyMailJob,
  supportMailJob,
];

export async function registerJobs(ctx: AppContext): Promise<void> {
  for (const define of definitions) {
    const { name, handler, options, cron } = define(ctx);
    await ctx.jobs.register(name, handler, options);
    if (cron) await ctx.jobs.schedule(name, cron);
  }
}

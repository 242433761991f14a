import type { AppContext } from '../app-context.ts';
import { WATCH_SERVER_JOB, type WatchStep } from '../modules/server-watch/server-watch.service.ts';
import type { JobDefinition } from './job-queue.ts';

/** One look at a server that an action changed; see ServerWatch. */
export function watchServerJob(ctx: AppContext): JobDefinition<WatchStep> {
  return {
    name: WATCH_SERVER_JOB,
    // A failed look is replaced by the next one the watch schedules itself, not retried.
    options: { retryLimit: 0, expireInSeconds: 60, concurrency: 4 },
    handler: (step) => ctx.serverWatch.look(step),
  };
}

import { EventName, type ServerPowerEvent, type ServerTaskEvent } from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Providers } from '../../providers/index.ts';
import type { EventBus } from '../events/event-bus.ts';
import { type Reading, readServer } from './server-readings.ts';
import type { WatchTarget } from './watch-target.ts';

export const WATCH_SERVER_JOB = 'watch-server';

/** One look every few seconds for up to ~10 minutes: long enough for a reinstall. */
export const WATCH_INTERVAL_SECONDS = 3;
export const WATCH_MAX_LOOKS = 200;

export interface WatchStep extends WatchTarget {
  look: number;
  /** What the previous look published, so an unchanged reading publishes nothing. */
  last?: string;
}

/**
 * Follows a server after an action (power, reinstall, backup…) by polling its upstream from a
 * durable job, and publishes each change on the account's event stream, so open pages update
 * without waiting for their own polling. Each look is a job of its own: a restart loses nothing
 * and no worker sleeps.
 */
export class ServerWatch {
  constructor(
    private readonly jobs: JobQueue,
    private readonly providers: Providers,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts following a server after an action changed it. */
  async watch(target: WatchTarget): Promise<void> {
    await this.schedule({ ...target, look: 1 }, 0);
  }

  /** One look: publish what changed, then schedule the next look unless the change is over. */
  async look(step: WatchStep): Promise<{ done: boolean; published?: string }> {
    let reading: Reading;
    try {
      reading = await readServer(this.providers, step);
    } catch (error) {
      // An upstream hiccup is not the end of the operation: look again, within the same budget.
      this.log.warn({ err: error, serviceId: step.serviceId }, 'server watch could not read the server');
      return this.next(step, step.last);
    }
    const event = this.eventOf(step, reading);
    const key = JSON.stringify(event.data);
    if (key !== step.last) await this.events.publish(step.accountId, event.name, event.data);
    const done = this.isDone(step, reading);
    if (done) return { done: true, published: key };
    return this.next(step, key);
  }

  private eventOf(step: WatchStep, reading: Reading) {
    if (step.kind === 'power') {
      const data: ServerPowerEvent = { serviceId: step.serviceId, status: reading.power ?? 'unknown' };
      return { name: EventName.serverPower, data };
    }
    const task = reading.task ?? { active: false };
    const data: ServerTaskEvent = {
      serviceId: step.serviceId,
      task: step.kind,
      state: task.active ? 'running' : 'completed',
      ...(task.percent === undefined ? {} : { percent: task.percent }),
      ...(task.message ? { message: task.message } : {}),
    };
    return { name: EventName.serverTask, data };
  }

  private isDone(step: WatchStep, reading: Reading): boolean {
    if (step.kind !== 'power') return !reading.task?.active;
    if (step.expect) return reading.power === step.expect;
    return reading.power === 'on' || reading.power === 'off';
  }

  private async next(step: WatchStep, last: string | undefined) {
    if (step.look >= WATCH_MAX_LOOKS) return { done: true };
    await this.schedule({ ...step, look: step.look + 1, ...(last ? { last } : {}) }, WATCH_INTERVAL_SECONDS);
    return { done: false };
  }

  private schedule(step: WatchStep, afterSeconds: number) {
    return this.jobs.send(WATCH_SERVER_JOB, step, { startAfter: afterSeconds });
  }
}

import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  PgBoss,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';

/** A job as its handler sees it. */
export interface JobRun {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the job outlives `expireInSeconds` or the queue stops before it ends. */
  signal: AbortSignal;
}

/** What a handler returns is kept as the job's output (and logged at debug level). */
export type JobHandler<Data extends object> = (data: Data, run: JobRun) => Promise<object | void>;

export type JobOptions = Pick<
  Queue,
  | 'policy'
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'retryDelayMax'
  | 'expireInSeconds'
  | 'retentionSeconds'
  | 'deleteAfterSeconds'
> & {
  /** Jobs of this kind one instance runs at once. */
  concurrency?: number;
};

export type SendJobOptions = Omit<SendOptions, 'db'>;

/** One kind of job, defined in a file of its own under src/jobs/ and registered in jobs/index.ts. */
export interface JobDefinition<Data extends object = Record<string, never>> {
  name: string;
  handler: JobHandler<Data>;
  options?: JobOptions;
  /** A cron expression (UTC): the job then also runs by itself, once per tick across all instances. */
  cron?: string;
}

export interface JobStatus {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
}

interface Registration {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * Durable jobs kept in the application's PostgreSQL (pg-boss, in its own `pgboss` schema), so a
 * crash or restart loses none and instances sharing a database never run one twice. Register
 * workers and schedules before or after `start()`; send only jobs registered on this instance, so
 * a typo fails at the sender instead of leaving jobs nobody runs.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly schedules = new Map<string, { cron: string; data: object }>();
  private started = false;

  constructor(
    database: Database,
    private readonly settings: Config['jobs'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({
      ...connectionOf(database),
      // Maintenance and the schedule check go with the workers: an enqueue-only instance does neither.
      supervise: settings.workersEnabled,
      schedule: settings.workersEnabled,
      cronMonitorIntervalSeconds: settings.cronCheckSeconds,
      superviseIntervalSeconds: settings.superviseSeconds,
      cronWorkerIntervalSeconds: Math.min(45, Math.max(1, Math.ceil(settings.pollSeconds))),
    });
    // pg-boss reports its own failures (a lost connection, a maintenance error) as events; an
    // unhandled 'error' event would end the process.
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
    this.boss.on('warning', (warning) => log.warn({ detail: warning.data }, warning.message));
  }

  /** Installs or upgrades pg-boss's schema, then runs the registered workers and schedules. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const [name, registration] of this.registrations) await this.activate(name, registration);
    for (const [name, { cron, data }] of this.schedules) await this.applySchedule(name, cron, data);
  }

  /**
   * Waits for running jobs to finish; after 30 s pg-boss fails those still running, and they run
   * again elsewhere while retries remain. Safe after a start that failed halfway.
   */
  async stop(): Promise<void> {
    this.started = false;
    await this.boss.stop();
  }

  async register<Data extends object>(
    name: string,
    handler: JobHandler<Data>,
    options: JobOptions = {},
  ): Promise<void> {
    if (this.registrations.has(name)) throw new Error(`Job ${name} is registered twice`);
    const registration = { handler: handler as JobHandler<object>, options };
    this.registrations.set(name, registration);
    if (this.started) await this.activate(name, registration);
  }

  /** Runs a registered job on a cron expression (UTC); every instance may declare the same one. */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    this.assertRegistered(name);
    this.schedules.set(name, { cron, data });
    if (this.started) await this.applySchedule(name, cron, data);
  }

  /** Enqueues a job; the id, or null when the queue's policy or a singleton key dropped it. */
  async send(name: string, data: object, options: SendJobOptions = {}): Promise<string | null> {
    this.assertRegistered(name);
    return this.boss.send(name, data, options);
  }

  /** Enqueues a job that exists only if the transaction commits. */
  async sendInTransaction(
    tx: Tx,
    name: string,
    data: object,
    options: SendJobOptions = {},
  ): Promise<string | null> {
    // Registered means its queue is in pg-boss's cache, so the send makes no query outside the
    // transaction: on PGlite's single connection such a query would wait for the transaction forever.
    this.assertRegistered(name);
    // Both drivers answer execute() with `{ rows }` (see queryRows); Tx's generic result type hides it.
    const transaction = {
      execute: async (query: unknown) => (await tx.execute(query as SQL)) as { rows: unknown[] },
    };
    return this.boss.send(name, data, { ...options, db: fromDrizzle(transaction, sql) });
  }

  async find(name: string, id: string): Promise<JobStatus | undefined> {
    const [job] = await this.boss.findJobs(name, { id });
    return job && { state: job.state, retryCount: job.retryCount, output: job.output };
  }

  /** The cron expression a job is scheduled on, if any. */
  async cronOf(name: string): Promise<string | undefined> {
    return (await this.boss.getSchedule(name))?.cron;
  }

  private async activate(name: string, { handler, options }: Registration): Promise<void> {
    const { concurrency = 1, ...queueOptions } = options;
    // Every job beats while it runs: one whose instance died (a crash, a kill) is retried once its
    // beat stops, rather than left 'active' until its expiry, up to half an hour for provisioning.
    const queue = { heartbeatSeconds: this.settings.heartbeatSeconds, ...queueOptions };
    await this.boss.createQueue(name, queue);
    // createQueue keeps the settings of the first release that created the queue; a later release
    // that changes retries, expiry or the heartbeat must update them.
    const { policy: _fixedAtCreation, ...settings } = queue;
    await this.boss.updateQueue(name, settings);
    if (!this.settings.workersEnabled) return;
    await this.boss.work<object>(
      name,
      { pollingIntervalSeconds: this.settings.pollSeconds, localConcurrency: concurrency },
      async ([job]) => {
        if (!job) return;
        const log = this.log.child({ job: name, jobId: job.id, attempt: job.retryCount + 1 });
        try {
          const output = await handler(job.data, job);
          log.debug({ output }, 'job done');
          return output;
        } catch (err) {
          log.warn({ err }, 'job failed');
          throw err;
        }
      },
    );
  }

  private async applySchedule(name: string, cron: string, data: object): Promise<void> {
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  private assertRegistered(name: string): void {
    if (!this.registrations.has(name)) {
      throw new Error(`Job ${name} is not registered; register it in src/jobs/index.ts`);
    }
  }
}

/**
 * Creates or upgrades pg-boss's schema without running anything: the test fixture bakes it into its
 * database template. A running queue does the same on start.
 */
export async function migrateJobStore(database: Database): Promise<void> {
  const boss = new PgBoss({
    ...connectionOf(database),
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  await boss.stop();
}

function connectionOf(database: Database): ConstructorOptions {
  return database.kind === 'pglite'
    ? { db: fromPglite(database.client), backend: 'pglite' }
    : // A pool of its own, kept small: workers waiting on slow jobs never starve the API's queries.
      { connectionString: database.url, max: 4 };
}

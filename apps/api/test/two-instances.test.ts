import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { openEventStream } from './support/event-stream.ts';
import { createUser, eventually, loginToken } from './support/fixtures.ts';
import {
  createTestApp,
  createTestDatabase,
  quickJobs,
  type TestApp,
  type TestDatabase,
} from './support/test-app.ts';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** Two API servers behind one database, as behind a load balancer. */
describe.skipIf(!onPostgres)(
  'two API instances on one database (PostgreSQL only: set TEST_DATABASE_URL; an embedded PGlite serves one process)',
  () => {
    let database: TestDatabase;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      database = await createTestDatabase();
      a = await createTestApp(quickJobs, database);
      b = await createTestApp(quickJobs, database);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('hands a job sent once to one instance only, though both run workers', async () => {
      const handled: string[] = [];
      for (const t of [a, b]) {
        await t.app.ctx.jobs.register(
          'test.once',
          async (_data, run) => {
            handled.push(run.id);
          },
          { concurrency: 4 },
        );
      }
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => a.app.ctx.jobs.send('test.once', { i })),
      );
      await eventually(async () => {
        const jobs = await Promise.all(ids.map((id) => b.app.ctx.jobs.find('test.once', id!)));
        return jobs.every((job) => job?.state === 'completed');
      });
      expect(handled.sort()).toEqual([...ids].sort());
    });

    it('runs a scheduled job once per tick across both instances', { timeout: 60_000 }, async () => {
      const handled: string[] = [];
      for (const t of [a, b]) {
        await t.app.ctx.jobs.register('test.tick', async (_data, run) => {
          handled.push(run.id);
        });
        await t.app.ctx.jobs.schedule('test.tick', '* * * * *');
      }
      await eventually(() => handled.length > 0);
      // Every check within a minute finds that minute's tick due again: let a few more run.
      const checks = new Set([await lastScheduleCheck()]);
      await eventually(async () => checks.add(await lastScheduleCheck()).size > 3);

      const settled = await eventually(async () => {
        const snapshot = await tickSnapshot();
        return snapshot.unfinished === 0 && snapshot;
      });
      expect(settled.ticks).toBeGreaterThan(0);
      expect(settled.jobIds).toHaveLength(settled.ticks);
      expect(new Set(handled).size).toBe(handled.length);
      expect(handled).toEqual(expect.arrayContaining(settled.jobIds));
    });

    it('delivers an event published on one instance to an event stream open on the other', async () => {
      const user = await createUser(a);
      const stream = await openEventStream(b.app, await loginToken(b.app, user.email, user.password));
      try {
        await stream.readUntil('event: ready');
        await a.app.ctx.events.publish(user.id, 'test.crossed', { from: 'a' });
        await stream.readUntil('event: test.crossed');
        await stream.readUntil('"from":"a"');
      } finally {
        stream.close();
      }
    });

    // pg-boss internals, read only here: the instance that wins a check's claim stamps
    // pgboss.version.cron_on, and each due tick goes through its `__pgboss__send-it` queue as one
    // job per schedule and minute slot, which then creates the scheduled job.
    const lastScheduleCheck = async () => {
      const [row] = await queryRows<{ at: string }>(
        a.database.db,
        sql`select cron_on::text as at from pgboss.version`,
      );
      return row!.at;
    };
    /** One statement, so the counts agree with each other. */
    const tickSnapshot = async () => {
      const [row] = await queryRows<{ ticks: number; unfinished: number; job_ids: string[] }>(
        a.database.db,
        sql`
        with forwarded as (
          select data->>'slot' as slot, state from pgboss.job
          where name = '__pgboss__send-it' and data->>'name' = 'test.tick'
        ), created as (
          select id::text, state from pgboss.job where name = 'test.tick'
        )
        select
          (select count(distinct slot) from forwarded)::int as ticks,
          ((select count(*) from forwarded where state in ('created', 'retry', 'active'))
            + (select count(*) from created where state in ('created', 'retry', 'active')))::int as unfinished,
          (select coalesce(json_agg(id), '[]'::json) from created) as job_ids`,
      );
      return { ticks: row!.ticks, unfinished: row!.unfinished, jobIds: row!.job_ids };
    };
  },
);

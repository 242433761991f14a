import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './support/fixtures.ts';
import { createTestApp, createTestDatabase, quickJobs, type TestApp } from './support/test-app.ts';

describe('durable jobs', () => {
  it('runs a job sent before a restart once the app is back on the same database', async () => {
    const database = await createTestDatabase();
    try {
      // Workers off: the job is still waiting when this instance shuts down.
      const before = await createTestApp({ JOBS_ENABLED: 'false' }, database);
      await before.app.ctx.jobs.register('test.greet', async () => {});
      const id = await before.app.ctx.jobs.send('test.greet', { name: 'Ada' });
      await before.close();

      const after = await createTestApp(quickJobs, database);
      try {
        const greeted: unknown[] = [];
        await after.app.ctx.jobs.register('test.greet', async (data) => {
          greeted.push(data);
        });
        await eventually(
          async () => (await after.app.ctx.jobs.find('test.greet', id!))?.state === 'completed',
        );
        expect(greeted).toEqual([{ name: 'Ada' }]);
      } finally {
        await after.close();
      }
    } finally {
      await database.drop();
    }
  });

  describe('on a running app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(quickJobs);
    });
    afterAll(() => t.close());
    const jobs = () => t.app.ctx.jobs;

    it('retries a failing job as its options say, then leaves it failed and the app serving', async () => {
      let attempts = 0;
      await jobs().register(
        'test.always-fails',
        async () => {
          attempts += 1;
          throw new Error('upstream down');
        },
        { retryLimit: 2 },
      );
      const id = (await jobs().send('test.always-fails', {}))!;
      const failed = await eventually(async () => {
        const job = await jobs().find('test.always-fails', id);
        return job?.state === 'failed' && job;
      });
      expect(attempts).toBe(3);
      expect(failed).toMatchObject({ retryCount: 2, output: { message: 'upstream down' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('completes a job that succeeds on a retry', async () => {
      const attempts: number[] = [];
      await jobs().register(
        'test.fails-once',
        async (_data, run) => {
          attempts.push(run.retryCount);
          if (run.retryCount === 0) throw new Error('first try fails');
          return { done: true };
        },
        { retryLimit: 1 },
      );
      const id = (await jobs().send('test.fails-once', {}))!;
      await eventually(async () => (await jobs().find('test.fails-once', id))?.state === 'completed');
      expect(attempts).toEqual([0, 1]);
      expect(await jobs().find('test.fails-once', id)).toMatchObject({ output: { done: true } });
    });

    it('keeps a job sent inside a transaction only if the transaction commits', async () => {
      const seen: number[] = [];
      await jobs().register('test.after-commit', async ({ n }: { n: number }) => {
        seen.push(n);
      });
      let rolledBack: string | null = null;
      await expect(
        t.database.db.transaction(async (tx) => {
          rolledBack = await jobs().sendInTransaction(tx, 'test.after-commit', { n: 1 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const committed = await t.database.db.transaction((tx) =>
        jobs().sendInTransaction(tx, 'test.after-commit', { n: 2 }),
      );

      await eventually(
        async () => (await jobs().find('test.after-commit', committed!))?.state === 'completed',
      );
      expect(seen).toEqual([2]);
      expect(rolledBack).not.toBeNull();
      expect(await jobs().find('test.after-commit', rolledBack!)).toBeUndefined();
    });

    it('refuses to send a job that no worker is registered for', async () => {
      await expect(jobs().send('test.nobody-runs-this', {})).rejects.toThrow(/not registered/);
    });
  });
});

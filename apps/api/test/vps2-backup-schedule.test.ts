import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VPS2_BACKUP_SCHEDULE_JOB, vps2BackupScheduleJob } from '../src/jobs/vps2-backup-schedule.ts';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, quickJobs, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * The backup schedule job: automatic backups run on the platform by themselves, and the job is
 * what tells an open Backups tab that one ran and when it finished.
 */
const VMID = { scheduled: 7801, off: 7802, suspended: 7803, broken: 7804 } as const;

describe('VPS v2 backup schedule job', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  const ids = { scheduled: 0, off: 0, suspended: 0, broken: 0 };
  const run = () =>
    vps2BackupScheduleJob(t.app.ctx).handler({} as never, {
      id: 'test',
      retryCount: 0,
      signal: new AbortController().signal,
    }) as Promise<{ checked: number; watched: number; failed: number[] }>;
  const toggle = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/services/vps/v2/${id}/backup/toggle`, headers: bearer(token) });

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({ ...sim.env, ...quickJobs });
    const owner = await createUser(t);
    token = await loginToken(t.app, owner.email, owner.password);
    ids.scheduled = (await createVps2Service(t, sim, owner.id, VMID.scheduled)).id;
    ids.off = (await createVps2Service(t, sim, owner.id, VMID.off)).id;
    ids.suspended = (await createVps2Service(t, sim, owner.id, VMID.suspended, { status: 'Suspended' })).id;
    ids.broken = (await createVps2Service(t, sim, owner.id, VMID.broken)).id;
    expect((await toggle(ids.scheduled)).json().isEnabled).toBe(1);
    expect((await toggle(ids.broken)).json().isEnabled).toBe(1);
    // Switched on while still active, then suspended by billing: no longer followed.
    await t.app.ctx.providers.proxmox.toggleBackups(VMID.suspended);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('runs every two minutes', async () => {
    expect(await t.app.ctx.jobs.cronOf(VPS2_BACKUP_SCHEDULE_JOB)).toBe('*/2 * * * *');
  });

  it('follows a scheduled backup once it has run, until it is done, and only then', async () => {
    const stream = await openEventStream(t.app, token);
    try {
      await stream.readUntil('event: ready');
      // The first look only learns when the next backups are.
      expect(await run()).toEqual({ checked: 3, watched: 0, failed: [] });
      expect(await run()).toEqual({ checked: 3, watched: 0, failed: [] });

      const nextRun = (await t.app.ctx.providers.proxmox.getNextBackup(VMID.scheduled))!;
      const { now } = (await sim.control('POST', '/clock/advance', { ms: 0 })) as { now: number };
      await sim.advance(nextRun * 1000 - now + 5_000);
      // The job's own schedule may have had this look first; either way the page hears of it.
      expect(await run()).toMatchObject({ checked: 3, failed: [] });

      await stream.readUntil(`"serviceId":${ids.scheduled},"task":"backup","state":"running"`);
      await sim.advance(LONG_ENOUGH_MS);
      await stream.readUntil(`"serviceId":${ids.scheduled},"task":"backup","state":"completed"`);
      expect(await t.app.ctx.providers.proxmox.listBackups(VMID.scheduled)).toHaveLength(1);

      // Nothing new to follow until the next scheduled run.
      expect(await run()).toMatchObject({ watched: 0 });
      expect(stream.received()).not.toContain(`"serviceId":${ids.off}`);
      expect(stream.received()).not.toContain(`"serviceId":${ids.suspended}`);
    } finally {
      stream.close();
    }
  });

  it('finishes its run when the platform does not answer, naming what it could not check', async () => {
    await sim.control('POST', '/faults', {
      upstream: 'proxmox',
      mode: 'error',
      method: 'GET',
      pathContains: '/cluster/backup',
      count: 100,
    });
    try {
      const result = await run();
      expect({ ...result, failed: result.failed.sort((a, b) => a - b) }).toEqual({
        checked: 0,
        watched: 0,
        failed: [ids.scheduled, ids.off, ids.broken],
      });
    } finally {
      await sim.control('DELETE', '/faults');
    }
    expect(await run()).toMatchObject({ checked: 3, failed: [] });
  });
});

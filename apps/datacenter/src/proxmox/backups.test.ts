import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const NODE = '/nodes/pve-nyc-1';
const backups = async (sim: SimulatorKit) =>
  (await sim.pve('GET', `${NODE}/storage/backups/content?content=backup&vmid=100`)).data as {
    volid: string;
    size: number;
    ctime: number;
    vmid: number;
    format: string;
  }[];
const lock = async (sim: SimulatorKit) => (await sim.pve('GET', `${NODE}/qemu/100/status/current`)).data.lock;

describe('simulated backups', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01', cores: 2, memoryMb: 2048, diskGb: 40 });
  });
  afterEach(() => sim.close());

  it('holds lock backup while vzdump runs and lists the archive only once it is stored', async () => {
    await sim.pve('POST', `${NODE}/vzdump`, {
      vmid: 100,
      storage: 'backups',
      mode: 'snapshot',
      compress: 'zstd',
    });
    expect(await lock(sim)).toBe('backup');
    await sim.advance(60_000);
    expect(await backups(sim)).toEqual([]);

    await sim.advance(31_000);
    expect(await lock(sim)).toBeUndefined();
    const [archive, ...rest] = await backups(sim);
    expect(rest).toEqual([]);
    expect(archive).toMatchObject({ vmid: 100, format: 'vma.zst' });
    expect(archive!.volid).toMatch(
      /^backups:backup\/vzdump-qemu-100-\d{4}_\d{2}_\d{2}-\d{2}_\d{2}_\d{2}\.vma\.zst$/,
    );
    expect(archive!.size).toBeGreaterThan(1024 ** 3);
    expect(archive!.size).toBeLessThan(40 * 1024 ** 3);
  });

  it('deletes an archive', async () => {
    await sim.pve('POST', `${NODE}/vzdump`, { vmid: 100, storage: 'backups', compress: 'zstd' });
    await sim.advance(91_000);
    const [archive] = await backups(sim);
    const { status } = await sim.pve(
      'DELETE',
      `${NODE}/storage/backups/content/${encodeURIComponent(archive!.volid)}`,
    );
    expect(status).toBe(200);
    expect(await backups(sim)).toEqual([]);
  });

  it('restores an archive over a stopped VM under lock create, putting the old config back', async () => {
    await sim.pve('POST', `${NODE}/vzdump`, { vmid: 100, storage: 'backups', compress: 'zstd' });
    await sim.advance(91_000);
    const [archive] = await backups(sim);
    await sim.pve('PUT', `${NODE}/qemu/100/config`, { name: 'renamed', cores: 4 });

    const running = await sim.pve('POST', `${NODE}/qemu`, { vmid: 100, archive: archive!.volid, force: 1 });
    expect(running.status).toBe(500);

    await sim.pve('POST', `${NODE}/qemu/100/status/stop`, {});
    await sim.advance(4_000);
    const { status } = await sim.pve('POST', `${NODE}/qemu`, {
      vmid: 100,
      archive: archive!.volid,
      force: 1,
      start: 1,
    });
    expect(status).toBe(200);
    expect(await lock(sim)).toBe('create');
    await sim.advance(121_000);
    const { data } = await sim.pve('GET', `${NODE}/qemu/100/status/current`);
    expect(data).toMatchObject({ name: 'web01', cpus: 2, status: 'running' });
    expect(data.lock).toBeUndefined();
  });

  it('runs a scheduled job at its next-run, prunes to keep-last, and stops when disabled', async () => {
    const created = await sim.pve('POST', '/cluster/backup', {
      id: 'rackdesk-100',
      vmid: '100',
      schedule: '*-*-* */6:00',
      storage: 'backups',
      mode: 'snapshot',
      compress: 'zstd',
      'prune-backups': 'keep-last=2',
      enabled: 1,
    });
    expect(created.status).toBe(200);
    const [job] = (await sim.pve('GET', '/cluster/backup')).data;
    expect(job).toMatchObject({ id: 'rackdesk-100', vmid: '100', enabled: 1, schedule: '*-*-* */6:00' });
    const nextRun = job['next-run'] as number;
    const nowS = Date.now() / 1000;
    expect(nextRun).toBeGreaterThan(nowS);
    expect(nextRun).toBeLessThanOrEqual(nowS + 6 * 3600 + 60);

    for (let run = 0; run < 3; run += 1) {
      await sim.advance(6 * 3_600_000);
      await sim.pve('GET', '/cluster/backup');
      await sim.advance(91_000);
    }
    expect(await backups(sim)).toHaveLength(2);

    await sim.pve('PUT', '/cluster/backup/rackdesk-100', { enabled: 0 });
    const [disabled] = (await sim.pve('GET', '/cluster/backup')).data;
    expect(disabled['next-run']).toBeUndefined();
    await sim.advance(12 * 3_600_000);
    expect(await backups(sim)).toHaveLength(2);

    expect((await sim.pve('DELETE', '/cluster/backup/rackdesk-100')).status).toBe(200);
    expect((await sim.pve('GET', '/cluster/backup')).data).toEqual([]);
  });

  it('rejects a job with a schedule it cannot parse', async () => {
    const { status, body } = await sim.pve('POST', '/cluster/backup', {
      vmid: '100',
      schedule: 'every 72 hours',
      storage: 'backups',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { schedule: expect.stringContaining('calendar event') } });
  });
});

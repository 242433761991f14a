import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const VM = '/nodes/pve-nyc-1/qemu/100';
const TIMEOUT = "can't lock file '/var/lock/qemu-server/lock-100.conf' - got timeout";

describe("the VM's lock file", () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01.demo.example' });
  });
  afterEach(() => sim.close());

  const power = async (action: string) =>
    (await sim.pve('POST', `${VM}/status/${action}`, {})).data as string;
  const task = async (upid: string) =>
    (await sim.pve('GET', `/nodes/pve-nyc-1/tasks/${encodeURIComponent(upid)}/status`)).data;
  const status = async () => (await sim.pve('GET', `${VM}/status/current`)).data.status;

  it('runs a running VM through start, shutdown, start, stop as Proxmox would: stopped', async () => {
    const upids = [await power('start'), await power('shutdown'), await power('start'), await power('stop')];
    // Meanwhile the waiting tasks are running, as a worker waiting for a lock is.
    await sim.advance(5_000);
    expect((await task(upids[2]!)).status).toBe('running');
    await sim.advance(30_000);
    const ended = await Promise.all(upids.map(task));
    expect(ended.map((t) => t.exitstatus)).toEqual(['VM 100 already running', 'OK', TIMEOUT, TIMEOUT]);
    expect(await status()).toBe('stopped');
  });

  it('lets a second change wait its turn when the first ends within ten seconds', async () => {
    const stop = await power('stop');
    const start = await power('start');
    await sim.advance(3_500);
    expect(await status()).toBe('stopped');
    expect((await task(start)).status).toBe('running');
    await sim.advance(6_000);
    expect((await task(stop)).exitstatus).toBe('OK');
    expect((await task(start)).exitstatus).toBe('OK');
    expect(await status()).toBe('running');
  });

  it('takes a shutdown of a stopped VM as done, as Proxmox does', async () => {
    await power('stop');
    await sim.advance(5_000);
    const upid = await power('shutdown');
    await sim.advance(1_000);
    expect(await task(upid)).toMatchObject({ status: 'stopped', exitstatus: 'OK' });
  });

  it('fails a configuration change while a shutdown keeps the lock longer than ten seconds', async () => {
    await power('shutdown');
    const refused = await sim.pve('PUT', `${VM}/config`, { name: 'renamed.demo.example' });
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ message: `${TIMEOUT}\n` });
    await sim.advance(5_000);
    // Seven seconds left: Proxmox would wait for it, and so the change goes through.
    expect((await sim.pve('PUT', `${VM}/config`, { name: 'renamed.demo.example' })).status).toBe(200);
  });
});

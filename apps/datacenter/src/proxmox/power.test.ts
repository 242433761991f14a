import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const VM = { vmid: 100, node: 'pve-nyc-1', name: 'web01.demo.example', cores: 2, memoryMb: 4096, diskGb: 50 };
const status = (sim: SimulatorKit) => sim.pve('GET', '/nodes/pve-nyc-1/qemu/100/status/current');

describe('simulated VM power', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ ...VM, ipv4: ['198.51.100.30/24'] });
  });
  afterEach(() => sim.close());

  it('reports a seeded VM as running with its size and a plausible uptime', async () => {
    const { data } = await status(sim);
    expect(data).toMatchObject({
      status: 'running',
      qmpstatus: 'running',
      cpus: 2,
      maxmem: 4096 * 1024 ** 2,
    });
    expect(data.maxdisk).toBe(50 * 1024 ** 3);
    expect(data.uptime).toBeGreaterThan(3600);
    expect(data.cpu).toBeGreaterThan(0);
    expect(data.lock).toBeUndefined();
  });

  it('stops after a few seconds: the task runs, then the VM is stopped', async () => {
    const { data: upid } = await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    expect(upid).toMatch(/^UPID:pve-nyc-1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmstop:100:/);
    expect((await status(sim)).data.status).toBe('running');
    const task = () => sim.pve('GET', `/nodes/pve-nyc-1/tasks/${encodeURIComponent(upid)}/status`);
    expect((await task()).data).toMatchObject({ status: 'running', type: 'qmstop' });

    await sim.advance(3_500);
    expect((await task()).data).toMatchObject({ status: 'stopped', exitstatus: 'OK' });
    const { data } = await status(sim);
    expect(data).toMatchObject({ status: 'stopped', uptime: 0, cpu: 0, netin: 0 });
  });

  it('starts again and counts uptime from the new boot', async () => {
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    await sim.advance(5_000);
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/start', {});
    await sim.advance(1_000);
    expect((await status(sim)).data.status).toBe('stopped');
    await sim.advance(6_000);
    const { data } = await status(sim);
    expect(data.status).toBe('running');
    expect(data.uptime).toBeLessThan(10);
    await sim.advance(60_000);
    expect((await status(sim)).data.netin).toBeGreaterThan(0);
  });

  it('reboots a running VM (uptime restarts) and refuses to reboot a stopped one', async () => {
    const before = (await status(sim)).data.uptime;
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/reboot', {});
    await sim.advance(16_000);
    const after = (await status(sim)).data;
    expect(after.status).toBe('running');
    expect(after.uptime).toBeLessThan(before);

    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    await sim.advance(4_000);
    const refused = await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/reboot', {});
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ data: null, message: expect.stringContaining('not running') });
  });

  it('ends a start of a running VM with an error exit status', async () => {
    const { data: upid } = await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/start', {});
    await sim.advance(1_000);
    const { data } = await sim.pve('GET', `/nodes/pve-nyc-1/tasks/${encodeURIComponent(upid)}/status`);
    expect(data).toMatchObject({ status: 'stopped', exitstatus: 'VM 100 already running' });
  });

  it('lets the control API tell which VMs exist, for seeding only what is missing', async () => {
    expect((await sim.app.inject({ method: 'GET', url: '/_control/proxmox/vms/100' })).json()).toMatchObject({
      vmid: 100,
      node: 'pve-nyc-1',
      status: 'running',
      lock: null,
    });
    expect((await sim.app.inject({ method: 'GET', url: '/_control/proxmox/vms/101' })).statusCode).toBe(404);
    await sim.createVm({ ...VM, cores: 4 });
    expect((await status(sim)).data.cpus).toBe(4);
  });

  it('answers 500 for a VM that is not on the node, like Proxmox', async () => {
    const { status: code, body } = await sim.pve('GET', '/nodes/pve-chi-1/qemu/100/status/current');
    expect(code).toBe(500);
    expect(body).toMatchObject({ message: expect.stringContaining('does not exist') });
  });

  it('fails a power change in its task while another task holds the configuration lock', async () => {
    await sim.pve('POST', '/nodes/pve-nyc-1/vzdump', {
      vmid: 100,
      storage: 'backups',
      mode: 'snapshot',
      compress: 'zstd',
    });
    expect((await status(sim)).data.lock).toBe('backup');
    // Proxmox's worker checks the lock once it runs: the call answers a task, the task fails.
    const { status: code, data: upid } = await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    expect(code).toBe(200);
    await sim.advance(1_000);
    const { data: task } = await sim.pve('GET', `/nodes/pve-nyc-1/tasks/${encodeURIComponent(upid)}/status`);
    expect(task).toMatchObject({ status: 'stopped', exitstatus: 'VM 100 is locked (backup)' });
    expect((await status(sim)).data.status).toBe('running');
  });
});

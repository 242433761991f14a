import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const VM = { vmid: 100, node: 'pve-nyc-1', name: 'web01.demo.example' };
const setPassword = (sim: SimulatorKit, form: Record<string, string | number>, node = 'pve-nyc-1') =>
  sim.pve('POST', `/nodes/${node}/qemu/100/agent/set-user-password`, form);
const guestPasswords = async (sim: SimulatorKit) =>
  ((await sim.control('GET', '/proxmox/vms/100')).body as { guestPasswords: Record<string, string> })
    .guestPasswords;

describe('simulated QEMU guest agent', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm(VM);
  });
  afterEach(() => sim.close());

  it('sets a user password in a running guest, answering a result object', async () => {
    expect(await guestPasswords(sim)).toEqual({});
    const answer = await setPassword(sim, { username: 'root', password: 'New-Secret9' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { result: {} } });
    expect(await guestPasswords(sim)).toEqual({ root: 'New-Secret9' });
    await setPassword(sim, { username: 'root', password: 'Other-Secret9' });
    expect(await guestPasswords(sim)).toEqual({ root: 'Other-Secret9' });
  });

  it('needs the API token', async () => {
    const response = await sim.app.inject({
      method: 'POST',
      url: '/api2/json/nodes/pve-nyc-1/qemu/100/agent/set-user-password',
      payload: { username: 'root', password: 'New-Secret9' },
    });
    expect(response.statusCode).toBe(401);
    expect(await guestPasswords(sim)).toEqual({});
  });

  it('checks the parameters like Proxmox (password of 5 to 1024 characters)', async () => {
    const short = await setPassword(sim, { username: 'root', password: 'abcd' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ data: null, errors: { password: expect.any(String) } });
    const missing = await setPassword(sim, { password: 'New-Secret9' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errors: { username: 'property is missing and it is not optional' },
    });
    expect(await guestPasswords(sim)).toEqual({});
  });

  it('refuses a stopped VM, and a rebooting one whose agent is not up, with 500 as Proxmox does', async () => {
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/reboot', {});
    const rebooting = await setPassword(sim, { username: 'root', password: 'New-Secret9' });
    expect(rebooting.status).toBe(500);
    expect(rebooting.body).toMatchObject({ data: null, message: 'QEMU guest agent is not running\n' });
    await sim.advance(16_000);
    expect((await setPassword(sim, { username: 'root', password: 'New-Secret9' })).status).toBe(200);

    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    await sim.advance(4_000);
    const stopped = await setPassword(sim, { username: 'root', password: 'Third-Secret9' });
    expect(stopped.status).toBe(500);
    expect(stopped.body).toMatchObject({ message: 'VM 100 is not running\n' });
    expect(await guestPasswords(sim)).toEqual({ root: 'New-Secret9' });
  });

  it('answers 500 for a VM that is not on the node', async () => {
    const response = await setPassword(sim, { username: 'root', password: 'New-Secret9' }, 'pve-chi-1');
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ message: expect.stringContaining('does not exist') });
  });

  it('forgets the guest passwords when a new disk is installed', async () => {
    await setPassword(sim, { username: 'root', password: 'New-Secret9' });
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    await sim.advance(4_000);
    const upid = await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/config', {
      scsi0: 'local-lvm:0,import-from=templates:base-9001-disk-0',
      cipassword: 'Install-Pass9',
    });
    expect(upid.status).toBe(200);
    await sim.advance(130_000);
    expect(await guestPasswords(sim)).toEqual({});
  });
});

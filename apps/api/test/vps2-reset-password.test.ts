import { vps2ResetPasswordResponseSchema } from '@rackdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * Reset Root Password of a VPS v2 (`POST services/vps/v2/{id}/reset-password`, the first
 * generation's call under the v2 prefix): a generated password set through the guest agent of the
 * simulated Proxmox VM. Who may call it is in vps2-authorization.test.ts.
 */
const VMID = { main: 7501, stopped: 7502, suspended: 7503 } as const;

describe('VPS v2 reset root password', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  const ids = { main: 0, stopped: 0, suspended: 0 };
  const pve = () => t.app.ctx.providers.proxmox;

  const reset = (serviceId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/services/vps/v2/${serviceId}/reset-password`,
      headers: bearer(token),
    });
  const guestPasswords = async (vmid: number) =>
    ((await sim.control('GET', `/proxmox/vms/${vmid}`)) as { guestPasswords: Record<string, string> })
      .guestPasswords;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    token = await loginToken(t.app, owner.email, owner.password);
    ids.main = (await createVps2Service(t, sim, owner.id, VMID.main)).id;
    ids.stopped = (await createVps2Service(t, sim, owner.id, VMID.stopped, { running: false })).id;
    ids.suspended = (await createVps2Service(t, sim, owner.id, VMID.suspended, { status: 'Suspended' })).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.advance(LONG_ENOUGH_MS));

  it('sets a new generated root password in the guest and answers it once, uncached', async () => {
    const first = await reset(ids.main);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { password } = vps2ResetPasswordResponseSchema.parse(first.json());
    expect(password).toHaveLength(16);
    expect(await guestPasswords(VMID.main)).toEqual({ root: password });

    const second = vps2ResetPasswordResponseSchema.parse((await reset(ids.main)).json());
    expect(second.password).not.toBe(password);
    expect(await guestPasswords(VMID.main)).toEqual({ root: second.password });
  });

  it('refuses a stopped server, saying to start it, and sets nothing', async () => {
    const refused = await reset(ids.stopped);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Start the server to reset its root password.',
      error: 'server_stopped',
    });
    expect(await guestPasswords(VMID.stopped)).toEqual({});
  });

  it('refuses while the guest agent is down during a reboot, with the same message', async () => {
    await pve().restart(VMID.main);
    const refused = await reset(ids.main);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Start the server to reset its root password.' });
    await sim.advance(LONG_ENOUGH_MS);
    expect((await reset(ids.main)).statusCode).toBe(200);
  });

  it('refuses a suspended service', async () => {
    const refused = await reset(ids.suspended);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('service_not_manageable');
    expect(await guestPasswords(VMID.suspended)).toEqual({});
  });

  it('refuses while the server is busy, saying why', async () => {
    const before = await guestPasswords(VMID.main);
    await pve().triggerBackup(VMID.main);
    const refused = await reset(ids.main);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'A backup of this server is in progress.',
      error: 'server_locked',
    });
    expect(await guestPasswords(VMID.main)).toEqual(before);
  });

  it('answers 502 when the platform fails, and the old password stays', async () => {
    const before = await guestPasswords(VMID.main);
    await sim.control('POST', '/faults', {
      upstream: 'proxmox',
      mode: 'error',
      method: 'POST',
      pathContains: '/agent/set-user-password',
      count: 1,
    });
    const failed = await reset(ids.main);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error: 'upstream_error',
      message: 'The server management system is not responding. Please try again in a few minutes.',
    });
    expect(await guestPasswords(VMID.main)).toEqual(before);
  });
});

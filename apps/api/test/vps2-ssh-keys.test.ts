import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken, noPermissions } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * A VPS v2 reinstall with the account's SSH keys (servers spec §2 Configure, §3 ssh_keys_allowed):
 * the chosen keys' public keys reach the VM's cloud-init configuration on the simulated Proxmox;
 * keys the account does not have, or a template that takes none, are refused and change nothing.
 */
const VMID = 7601;
const KEY = {
  laptop: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINENfB9+P1xBM1794XVT6vgMqo1mbDk8mteDcY9QwKki laptop@example',
  desktop:
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDziULDzy45LDaM0jzj9BDmTdn1DeXbOpxfOBNkn' +
    'eubCq5kn4UWmagWH63q4SQnmgBuolg/GuoYeNwhK4g1D4ZE= desktop@example',
  theirs: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJj86pzwYSA9WoFgbFJpjwV1Jh08qh+wNcMp9sBSNQaf theirs@example',
} as const;
const password = { password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' };

interface SimState {
  proxmox: { vms: Record<string, { config: Record<string, string | number> }> };
}

describe('VPS v2 reinstall with SSH keys', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let owner: string;
  let sub: string;
  let serviceId: number;
  const keyIds = { laptop: 0, desktop: 0, theirs: 0 };

  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const rebuild = (token: string, body: object) =>
    api(token, 'POST', `/services/vps/v2/${serviceId}/rebuild`, { ...password, ...body });
  const vmConfig = async () =>
    ((await sim.control('GET', '/state')) as SimState).proxmox.vms[String(VMID)]!.config;
  /** The keys cloud-init installs for root: URL-encoded, one per line (Proxmox's `sshkeys`). */
  const installedKeys = async () => {
    const value = (await vmConfig()).sshkeys;
    return value === undefined ? [] : decodeURIComponent(String(value)).split('\n');
  };
  /** Lets the reinstall end, and reads the server through the API once it has. */
  const finished = async () => {
    await sim.advance(LONG_ENOUGH_MS);
    return (await api(owner, 'GET', `/services/vps/v2/${serviceId}`)).json().vps;
  };
  const addKey = async (token: string, title: string, publicKey: string): Promise<number> => {
    const response = await api(token, 'POST', '/ssh-keys', { title, publicKey });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id;
  };

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const a = await createUser(t);
    const b = await createUser(t);
    owner = await loginToken(t.app, a.email, a.password);
    const other = await loginToken(t.app, b.email, b.password);
    serviceId = (await createVps2Service(t, sim, a.id, VMID)).id;
    const subUser = await createUser(t, {
      parentId: a.id,
      permissions: { ...noPermissions, services: true },
      serviceWhitelist: [serviceId],
    });
    sub = await loginToken(t.app, subUser.email, subUser.password);
    keyIds.laptop = await addKey(owner, 'Laptop', KEY.laptop);
    keyIds.desktop = await addKey(owner, 'Desktop', KEY.desktop);
    keyIds.theirs = await addKey(other, 'Theirs', KEY.theirs);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.advance(LONG_ENOUGH_MS));

  it('installs the chosen keys, in the order chosen, with the new system', async () => {
    expect(await installedKeys()).toEqual([]);
    const response = await rebuild(owner, { osid: '9001', sshKeyIds: [keyIds.desktop, keyIds.laptop] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await installedKeys()).toEqual([KEY.desktop, KEY.laptop]);

    expect(await finished()).toMatchObject({ locked: false, osid: '9001' });
  });

  it('lets a sub-account with the services permission reinstall with its owner’s keys', async () => {
    const response = await rebuild(sub, { osid: '9000', sshKeyIds: [keyIds.laptop] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await installedKeys()).toEqual([KEY.laptop]);
    expect(await finished()).toMatchObject({ locked: false, osid: '9000' });
  });

  it('refuses another account’s key, and a deleted one, changing nothing', async () => {
    const before = await vmConfig();
    const theirs = await rebuild(owner, { osid: '9001', sshKeyIds: [keyIds.laptop, keyIds.theirs] });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({
      sshKeyIds: ['One or more of the selected SSH keys were not found.'],
    });

    const gone = await addKey(owner, 'Short-lived', KEY.theirs);
    expect((await api(owner, 'DELETE', `/ssh-keys/${gone}`)).statusCode).toBe(200);
    const deleted = await rebuild(owner, { osid: '9001', sshKeyIds: [gone] });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().errors).toEqual({
      sshKeyIds: ['One or more of the selected SSH keys were not found.'],
    });

    expect(await vmConfig()).toEqual(before);
  });

  it('refuses keys for a template that takes none, changing nothing', async () => {
    const before = await vmConfig();
    const response = await rebuild(owner, { osid: '9003', sshKeyIds: [keyIds.laptop] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ sshKeyIds: ['This operating system does not take SSH keys.'] });
    expect(await vmConfig()).toEqual(before);
  });
});

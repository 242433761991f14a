import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCredentials, parseProxmoxToken, proxmoxCredentials } from '../context.ts';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const LOGIN = 'operator@pve:correct horse battery';
const TOKEN = 'automation@pve!ci=0f6e2a47-9b3c-4d1e-8a5f-7c2b9e4d1a36';

describe('Proxmox sign-in with a password, tickets and CSRF tokens', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator({
      credentials: { ...defaultCredentials, proxmox: proxmoxCredentials(TOKEN, LOGIN) },
    });
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01.demo.example' });
  });
  afterEach(() => sim.close());

  const signIn = (form: Record<string, string>) =>
    sim.app.inject({
      method: 'POST',
      url: '/api2/json/access/ticket',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function session() {
    const response = await signIn({ username: 'operator@pve', password: 'correct horse battery' });
    expect(response.statusCode).toBe(200);
    return response.json().data as { ticket: string; CSRFPreventionToken: string; username: string };
  }

  it('answers a ticket, a CSRF token and the user name, as Proxmox does', async () => {
    const data = await session();
    expect(data.username).toBe('operator@pve');
    expect(data.ticket).toMatch(/^PVE:operator@pve:[0-9A-F]{8}::\S+$/);
    expect(data.CSRFPreventionToken).toMatch(/^[0-9A-F]{8}:\S{43}$/);
    // The realm may come apart from the name.
    expect(
      (await signIn({ username: 'operator', realm: 'pve', password: 'correct horse battery' })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong password or user alike, without saying which', async () => {
    for (const form of [
      { username: 'operator@pve', password: 'wrong' },
      { username: 'nobody@pve', password: 'correct horse battery' },
    ]) {
      const response = await signIn(form);
      expect(response.statusCode).toBe(401);
      expect(response.statusMessage).toBe('authentication failure');
      expect(response.json()).toEqual({ data: null, message: 'authentication failure\n' });
    }
  });

  it('reads with the ticket cookie, and writes only with the CSRF token too', async () => {
    const { ticket, CSRFPreventionToken } = await session();
    const cookie = `PVEAuthCookie=${encodeURIComponent(ticket)}`;
    const read = await sim.app.inject({ method: 'GET', url: '/api2/json/nodes', headers: { cookie } });
    expect(read.statusCode).toBe(200);

    const stop = (headers: Record<string, string>) =>
      sim.app.inject({ method: 'POST', url: '/api2/json/nodes/pve-nyc-1/qemu/100/status/stop', headers });
    const refused = await stop({ cookie });
    expect(refused.statusCode).toBe(401);
    expect(refused.statusMessage).toBe('Permission denied - invalid csrf token');
    const accepted = await stop({ cookie, csrfpreventiontoken: CSRFPreventionToken });
    expect(accepted.statusCode).toBe(200);
    // The task runs as the user who signed in.
    expect(accepted.json().data).toContain(':qmstop:100:operator@pve:');
  });

  it('lets a ticket expire after two hours of simulated time', async () => {
    const { ticket } = await session();
    const read = () =>
      sim.app.inject({
        method: 'GET',
        url: '/api2/json/version',
        headers: { cookie: `PVEAuthCookie=${ticket}` },
      });
    expect((await read()).statusCode).toBe(200);
    await sim.advance(2 * 3_600_000);
    const expired = await read();
    expect(expired.statusCode).toBe(401);
    expect(expired.statusMessage).toBe('Authentication failed!');
    const forged = await sim.app.inject({
      method: 'GET',
      url: '/api2/json/version',
      headers: { cookie: `PVEAuthCookie=${ticket.replace('operator', 'root')}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('takes the API token it is configured with, and only that one', async () => {
    const call = (authorization: string) =>
      sim.app.inject({ method: 'GET', url: '/api2/json/version', headers: { authorization } });
    expect((await call(`PVEAPIToken=${TOKEN}`)).statusCode).toBe(200);
    expect((await call(`PVEAPIToken=${TOKEN.replace(/.$/, '7')}`)).statusCode).toBe(401);
  });
});

describe('the token and login settings', () => {
  it('reads USER@REALM!TOKENID=UUID, a lower-case UUID as Proxmox generates them', () => {
    expect(parseProxmoxToken(TOKEN)).toEqual({
      tokenId: 'automation@pve!ci',
      secret: '0f6e2a47-9b3c-4d1e-8a5f-7c2b9e4d1a36',
    });
    for (const bad of [
      'automation@pve!ci=not-a-uuid',
      'automation!ci=0f6e2a47-9b3c-4d1e-8a5f-7c2b9e4d1a36',
      '',
    ])
      expect(parseProxmoxToken(bad), bad).toBeUndefined();
  });

  it('names the setting that is malformed', () => {
    expect(() => proxmoxCredentials('secret', undefined)).toThrow(/DATACENTER_PROXMOX_TOKEN/);
    expect(() => proxmoxCredentials(undefined, 'root')).toThrow(/DATACENTER_PROXMOX_LOGIN/);
    expect(proxmoxCredentials(undefined, undefined).secret).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { sha256 } from './hashing.ts';
import { startSim, type VirtualizorSim, vpsInfo } from './test-helpers.ts';

const { adminApiKey, adminApiPass } = defaultCredentials.virtualizor;

describe('the simulated Virtualizor admin API (addvs, vs)', () => {
  let sim: VirtualizorSim;
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  async function admin(
    act: string,
    query: Record<string, string> = {},
    form?: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const search = new URLSearchParams({
      act,
      api: 'json',
      adminapikey: adminApiKey,
      adminapipass: adminApiPass,
      ...query,
    });
    const response = await sim.app.inject({
      method: form ? 'POST' : 'GET',
      url: `/index.php?${search}`,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : {}),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const create = (form: Record<string, string>) =>
    admin(
      'addvs',
      { virt: 'kvm' },
      { addvps: '1', node_select: '1', uid: '7', osid: '1011', plid: '1', rootpass: 'Sup3r-secret', ...form },
    );

  it('refuses the admin acts without the admin key and pass, and the end-user key does not open them', async () => {
    const wrong = await sim.app.inject({
      method: 'GET',
      url: `/index.php?act=vs&api=json&adminapikey=${adminApiKey}&adminapipass=nope`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { adminapikey: 'Invalid API Key or API Pass' } });
    const enduser = await sim.get<{ error: Record<string, string> }>('addvs');
    expect(enduser.error).toEqual({ act: "Unknown act 'addvs'" });
  });

  it('answers the creation form: plans, OS templates and servers', async () => {
    const { body } = await admin('addvs');
    expect(body.plans).toMatchObject({ 1: { plid: '1', plan_name: 'DDoS Protected 2GB', ram: '2048' } });
    expect(body.oses).toMatchObject({ 1011: { osid: '1011', name: 'Debian 12' } });
    expect(body.servers).toMatchObject({ 0: { server_name: 'localhost' } });
  });

  it('creates a VPS from a plan with its OS, hostname, root password and addresses, manageable by the end user', async () => {
    const { body } = await create({ hostname: 'New-Box.example.com', num_ips: '2' });
    expect(body).toMatchObject({
      act: 'addvs',
      done: { msg: expect.any(String) },
      newvs: {
        vpsid: '1000',
        hostname: 'new-box.example.com',
        osid: '1011',
        uid: '7',
        plid: '1',
        ram: '2048',
        space: '40',
        cores: '2',
        ips: { 10000: '192.0.2.10', 10001: '192.0.2.11' },
        ipv6: { 10002: '2001:db8:20::3e8' },
      },
    });
    const control = await sim.control(1000);
    expect(control).toMatchObject({ hostname: 'new-box.example.com', osid: 1011, status: 1, locked: '' });
    expect(control.rootPasswordSha256).toBe(sha256('Sup3r-secret'));
    expect((await vpsInfo(sim, 1000)).vps).toMatchObject({ hostname: 'new-box.example.com', osid: '1011' });

    // The next one takes the next id and the next free addresses.
    const second = await create({ hostname: 'second.example.com', plid: '2', cores: '3' });
    expect(second.body.newvs).toMatchObject({
      vpsid: '1001',
      ram: '4096',
      cores: '3',
      ips: { 10010: '192.0.2.12' },
    });
  });

  it('refuses what it cannot create, field by field, and creates nothing', async () => {
    const { body } = await admin(
      'addvs',
      {},
      { addvps: '1', hostname: 'bad host', osid: '999', plid: '42', rootpass: 'x' },
    );
    expect(body.error).toEqual({
      virt: expect.any(String),
      slave_server: expect.any(String),
      user_email: expect.any(String),
      hostname: 'The hostname is invalid',
      rootpass: expect.any(String),
      osid: 'Please select a valid OS template',
      plid: 'The plan you specified does not exist',
      space: expect.any(String),
      ram: expect.any(String),
    });
    expect(body.newvs).toBeUndefined();
    expect((await admin('vs')).body.vs).toEqual({});
  });

  it('lists VPSs by hostname or address and deletes one', async () => {
    await create({ hostname: 'a.example.com' });
    await create({ hostname: 'b.example.com' });
    const byHost = (await admin('vs', { vpshostname: 'B.example.com' })).body.vs as Record<
      string,
      { hostname: string; uid: string }
    >;
    expect(Object.keys(byHost)).toEqual(['1001']);
    expect(byHost['1001']).toMatchObject({ hostname: 'b.example.com', uid: '7', plid: '1' });
    expect(Object.keys((await admin('vs', { vpsip: '192.0.2.10' })).body.vs as object)).toEqual(['1000']);

    expect((await admin('vs', { delete: '1000' })).body).toMatchObject({ done: { msg: expect.any(String) } });
    expect(Object.keys((await admin('vs')).body.vs as object)).toEqual(['1001']);
    expect((await admin('vs', { delete: '1000' })).body).toMatchObject({
      error: { delete: 'The VPS you specified was not found' },
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vpsIsos } from '../src/db/schema/index.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import { bearer, createService, createUser } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { type Caller, callerTokens, callers, serverRoute } from './support/callers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every first-generation VPS route, for every kind of caller. Owner A has the VPS service `vps`
 * (whitelisted for subWl, outside subOutWl's whitelist); owner B has a VPS of its own.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Ids {
  vps: number;
  suspended: number;
  /** An ISO of owner A, downloaded, prepared before each call. */
  iso: number;
}

const month = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
};

let isoCounter = 0;
const isoUrl = () => `http://93.184.215.14/isos/authz-${process.pid}-${(isoCounter += 1)}.iso`;

/** Calls on one VPS service: [name, method, path after services/vps/{id}, payload, changes it]. */
const serverCalls: [string, Method, string, object | undefined, boolean][] = [
  ['GET services/vps/{id}', 'GET', '', undefined, false],
  ['PATCH services/vps/{id}/hostname', 'PATCH', '/hostname', { hostname: 'authz.example.com' }, true],
  ['POST services/vps/{id}/restart', 'POST', '/restart', undefined, true],
  ['POST services/vps/{id}/start', 'POST', '/start', undefined, true],
  ['POST services/vps/{id}/powerOff', 'POST', '/powerOff', undefined, true],
  ['GET services/vps/{id}/stats/{month}', 'GET', `/stats/${month()}`, undefined, false],
  ['GET services/vps/{id}/templates', 'GET', '/templates', undefined, false],
  ['POST services/vps/{id}/insert', 'POST', '/insert', { iso: '', sec_iso: '' }, true],
  ['POST services/vps/{id}/boot', 'POST', '/boot', { order: 'dca' }, true],
  [
    'POST services/vps/{id}/rebuild',
    'POST',
    '/rebuild',
    { osid: '1001', password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' },
    true,
  ],
  ['POST services/vps/{id}/reset-password', 'POST', '/reset-password', undefined, true],
  ['GET services/vps/{id}/vnc', 'GET', '/vnc', undefined, true],
];

describe('first-generation VPS authorization matrix', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ids: Ids;
  let ownerToken: string;
  let tokens = new Map<Caller, string | undefined>();

  async function vpsService(userId: number, vpsid: number, status: 'Active' | 'Suspended' = 'Active') {
    await sim.control('POST', '/virtualizor/vps', { vpsid, hostname: `vps${vpsid}.example.com` });
    return createService(t, userId, {
      productId: DemoProduct.ddosVps2G,
      provider: 'virtualizor',
      upstreamId: String(vpsid),
      status,
    });
  }

  const call = (caller: Caller, method: Method, url: string, payload?: object) => {
    const token = tokens.get(caller);
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  };

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const ownerA = await createUser(t);
    const ownerB = await createUser(t);
    const vps = await vpsService(ownerA.id, 7201);
    const suspended = await vpsService(ownerA.id, 7202, 'Suspended');
    await vpsService(ownerB.id, 7203);
    ids = { vps: vps.id, suspended: suspended.id, iso: 0 };
    tokens = await callerTokens(t, { a: ownerA, b: ownerB }, vps.id, suspended.id + 1000);
    ownerToken = tokens.get('owner')!;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  // Every operation of the previous call (a reboot, a reinstall) completes before the next one.
  beforeEach(() => sim.advance(10 * 60_000));

  describe('calls on one VPS', () => {
    for (const [name, method, path, payload] of serverCalls) {
      it.each(callers)(`${name} as %s`, async (caller) => {
        const response = await call(caller, method, `/services/vps/${ids.vps}${path}`, payload);
        expect(response.statusCode, response.body).toBe(serverRoute()[caller]);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      });
    }

    it.each(serverCalls.filter(([, , , , changes]) => changes))(
      '%s is refused for a suspended service',
      async (_name, method, path, payload) => {
        const response = await call('owner', method, `/services/vps/${ids.suspended}${path}`, payload);
        expect(response.statusCode, response.body).toBe(409);
      },
    );
  });

  describe('the ISO library', () => {
    beforeEach(async () => {
      await t.database.db.delete(vpsIsos);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/services/vps/iso/add',
        headers: bearer(ownerToken),
        payload: { url: isoUrl() },
      });
      ids.iso = added.json().iso.id;
      await sim.advance(3 * 60_000);
    });

    const listed: Record<Caller, number> = { ...serverRoute(), otherOwner: 200, subOutWl: 200 };
    it.each(callers)('GET services/vps/iso as %s', async (caller) => {
      const response = await call(caller, 'GET', '/services/vps/iso');
      expect(response.statusCode, response.body).toBe(listed[caller]);
      if (response.statusCode !== 200) return;
      const seesIt = response.json().isos.some((iso: { id: number }) => iso.id === ids.iso);
      expect(seesIt).toBe(['owner', 'subAll', 'subWl'].includes(caller));
    });

    const add: Record<Caller, number> = { ...serverRoute(), otherOwner: 200 };
    it.each(callers)('POST services/vps/iso/add as %s', async (caller) => {
      const response = await call(caller, 'POST', '/services/vps/iso/add', { url: isoUrl() });
      expect(response.statusCode, response.body).toBe(add[caller]);
    });

    // The rule of both VPS generations: whoever sees the library may delete an ISO that is in no
    // CD drive (no server depends on it); an inserted one is refused to everyone (vps.test.ts).
    const remove: Record<Caller, number> = { ...serverRoute(), subOutWl: 404 };
    it.each(callers)('DELETE services/vps/iso/{id} of owner A as %s', async (caller) => {
      const response = await call(caller, 'DELETE', `/services/vps/iso/${ids.iso}`);
      expect(response.statusCode, response.body).toBe(remove[caller]);
      const stillThere = (await call('owner', 'GET', '/services/vps/iso'))
        .json()
        .isos.some((iso: { id: number }) => iso.id === ids.iso);
      expect(stillThere).toBe(response.statusCode !== 200);
    });
  });

  it('answers the bodies the client turns into the spec texts', async () => {
    const outside = await call('subOutWl', 'GET', `/services/vps/${ids.vps}`);
    expect(outside.json()).toEqual({
      error: 'service_access_denied',
      message: 'You do not have access to this service. Please contact your account administrator.',
    });
    const noServices = await call('subNoServices', 'GET', `/services/vps/${ids.vps}`);
    expect(noServices.json()).toMatchObject({
      error: 'permission_required',
      required_permission: 'services',
    });
  });
});

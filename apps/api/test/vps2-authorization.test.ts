import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoProduct } from '../src/seed/catalog.ts';
import { allPermissions, bearer, createService, createUser } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { type Caller, callerTokens, callers, serverRoute, subAccountToken } from './support/callers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * Every VPS v2 route, for every kind of caller. Owner A has the VPS v2 `vm` (whitelisted for
 * subWl), `other` (whitelisted for subOther only) and `suspended`; owner B has a VPS v2 of its
 * own. subOutWl's whitelist holds no VPS v2 at all.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const VM = { vm: 7301, other: 7302, suspended: 7303, ownerB: 7304 } as const;

interface ServerCall {
  name: string;
  method: Method;
  /** After services/vps/v2/{id}. */
  path: string;
  payload?: () => object;
  /** A change: refused (409) on a suspended service. */
  change: boolean;
  /** Puts what the call needs in place, before each caller. */
  prepare?: () => Promise<void>;
}

describe('VPS v2 authorization matrix', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerToken: string;
  const ids = { vm: 0, other: 0, suspended: 0, ownerBVm: 0, notVps2: 0, template: 0, backup: '', iso: '' };
  let tokens = new Map<Caller, string | undefined>();
  let subOtherToken: string;
  const pve = () => t.app.ctx.providers.proxmox;
  let ownerAId: number;

  const as = (caller: Caller) => tokens.get(caller);
  const call = (token: string | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  /** A finished backup of owner A's `vm`, for the calls that delete or restore one. */
  async function freshBackup() {
    await pve().triggerBackup(VM.vm);
    await sim.advance(LONG_ENOUGH_MS);
    ids.backup = (await pve().listBackups(VM.vm))[0]!.volid;
  }

  /** Owner A's templates, apart from the prepared one, are deleted: the limit is three. */
  async function dropExtraTemplates() {
    for (const template of await pve().listUserTemplates(ownerAId)) {
      if (template.id !== ids.template) await pve().deleteUserTemplate(ownerAId, template.id);
    }
    await sim.advance(LONG_ENOUGH_MS);
  }

  const serverCalls: ServerCall[] = [
    { name: 'GET services/vps/v2/{id}', method: 'GET', path: '', change: false },
    { name: 'GET stats/day', method: 'GET', path: '/stats/day', change: false },
    { name: 'GET templates', method: 'GET', path: '/templates', change: false },
    { name: 'GET backup/check', method: 'GET', path: '/backup/check', change: false },
    { name: 'GET backups', method: 'GET', path: '/backups', change: false },
    { name: 'GET backup/schedule', method: 'GET', path: '/backup/schedule', change: false },
    {
      name: 'PATCH hostname',
      method: 'PATCH',
      path: '/hostname',
      payload: () => ({ hostname: 'authz.example.net' }),
      change: true,
    },
    { name: 'POST insert', method: 'POST', path: '/insert', payload: () => ({ iso: null }), change: true },
    { name: 'POST boot', method: 'POST', path: '/boot', payload: () => ({ order: 'dca' }), change: true },
    { name: 'GET vnc', method: 'GET', path: '/vnc', change: true },
    // Needs the guest agent: before the server is stopped below.
    { name: 'POST reset-password', method: 'POST', path: '/reset-password', change: true },
    { name: 'GET backup/toggle', method: 'GET', path: '/backup/toggle', change: true },
    { name: 'POST backup/trigger', method: 'POST', path: '/backup/trigger', change: true },
    {
      name: 'POST backup/delete',
      method: 'POST',
      path: '/backup/delete',
      payload: () => ({ volid: ids.backup }),
      change: true,
      prepare: freshBackup,
    },
    { name: 'POST restart', method: 'POST', path: '/restart', change: true },
    { name: 'POST powerOff', method: 'POST', path: '/powerOff', change: true },
    // Stopped from here on, so no call waits for the server to stop.
    {
      name: 'POST rebuild',
      method: 'POST',
      path: '/rebuild',
      payload: () => ({ osid: '9001', password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' }),
      change: true,
    },
    {
      name: 'POST backup/restore',
      method: 'POST',
      path: '/backup/restore',
      payload: () => ({ volid: ids.backup }),
      change: true,
      prepare: freshBackup,
    },
    {
      name: 'POST user-template/create',
      method: 'POST',
      path: '/user-template/create',
      payload: () => ({ custom_name: 'authz_template' }),
      change: true,
      prepare: dropExtraTemplates,
    },
    {
      name: 'POST user-template/install',
      method: 'POST',
      path: '/user-template/install',
      payload: () => ({ id: ids.template }),
      change: true,
    },
    { name: 'POST start', method: 'POST', path: '/start', change: true },
  ];

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const ownerA = await createUser(t);
    const ownerB = await createUser(t);
    ownerAId = ownerA.id;
    ids.vm = (await createVps2Service(t, sim, ownerA.id, VM.vm)).id;
    ids.other = (await createVps2Service(t, sim, ownerA.id, VM.other)).id;
    ids.suspended = (await createVps2Service(t, sim, ownerA.id, VM.suspended, { status: 'Suspended' })).id;
    ids.ownerBVm = (await createVps2Service(t, sim, ownerB.id, VM.ownerB)).id;
    // A first-generation VPS of owner A: another platform, so none of these routes is about it.
    ids.notVps2 = (
      await createService(t, ownerA.id, {
        productId: DemoProduct.ddosVps2G,
        provider: 'virtualizor',
        upstreamId: '7399',
      })
    ).id;
    tokens = await callerTokens(t, { a: ownerA, b: ownerB }, ids.vm, ids.ownerBVm + 1000);
    ownerToken = tokens.get('owner')!;
    subOtherToken = await subAccountToken(t, ownerA.id, allPermissions, [ids.other]);

    // A finished template of `vm`, made by the owner, for installs.
    const created = await call(ownerToken, 'POST', `/services/vps/v2/${ids.vm}/user-template/create`, {
      custom_name: 'prepared',
    });
    expect(created.statusCode, created.body).toBe(200);
    ids.template = created.json().user_template.id;
    await sim.advance(LONG_ENOUGH_MS);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  // Every operation of the previous call (a backup, a reinstall) is over before the next one.
  beforeEach(() => sim.advance(LONG_ENOUGH_MS));

  describe('calls on one server', () => {
    for (const route of serverCalls) {
      it.each(callers)(`${route.name} as %s`, async (caller) => {
        await route.prepare?.();
        const response = await call(
          as(caller),
          route.method,
          `/services/vps/v2/${ids.vm}${route.path}`,
          route.payload?.(),
        );
        expect(response.statusCode, response.body).toBe(serverRoute()[caller]);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      });
    }

    it.each(serverCalls.filter((route) => route.change).map((route) => [route.name, route] as const))(
      '%s is refused for a suspended service and leaves it as it was',
      async (_name, route) => {
        await route.prepare?.();
        const before = await pve().getServer(VM.suspended);
        const response = await call(
          ownerToken,
          route.method,
          `/services/vps/v2/${ids.suspended}${route.path}`,
          route.payload?.(),
        );
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().error).toBe('service_not_manageable');
        await sim.advance(LONG_ENOUGH_MS);
        const after = await pve().getServer(VM.suspended);
        expect({ ...after, uptime: 0, cpu: 0, bandwidth_usage: null }).toEqual({
          ...before,
          uptime: 0,
          cpu: 0,
          bandwidth_usage: null,
        });
      },
    );

    it.each(serverCalls.filter((route) => !route.change).map((route) => [route.name, route] as const))(
      '%s still reads a suspended service',
      async (_name, route) => {
        const response = await call(
          ownerToken,
          route.method,
          `/services/vps/v2/${ids.suspended}${route.path}`,
        );
        expect(response.statusCode, response.body).toBe(200);
      },
    );
  });

  describe('the ISO library', () => {
    let counter = 0;
    const isoUrl = () => `http://93.184.215.14/isos/v2-authz-${process.pid}-${(counter += 1)}.iso`;

    beforeEach(async () => {
      for (const iso of await pve().listIsos(ownerAId)) await pve().deleteIso(ownerAId, iso.id);
      ids.iso = (await pve().addIso(ownerAId, isoUrl())).id;
      await sim.advance(LONG_ENOUGH_MS);
    });

    // Account-level lists: callers without a VPS v2 they may use see an empty library.
    const listed: Record<Caller, number> = { ...serverRoute(), otherOwner: 200, subOutWl: 200 };
    it.each(callers)('GET services/vps/v2/iso as %s', async (caller) => {
      const response = await call(as(caller), 'GET', '/services/vps/v2/iso');
      expect(response.statusCode, response.body).toBe(listed[caller]);
      if (response.statusCode !== 200) return;
      const seesIt = response.json().isos.some((iso: { id: string }) => iso.id === ids.iso);
      expect(seesIt).toBe(['owner', 'subAll', 'subWl'].includes(caller));
    });

    const add: Record<Caller, number> = { ...serverRoute(), otherOwner: 200 };
    it.each(callers)('POST services/vps/v2/iso/add as %s', async (caller) => {
      const response = await call(as(caller), 'POST', '/services/vps/v2/iso/add', { url: isoUrl() });
      expect(response.statusCode, response.body).toBe(add[caller]);
    });

    const remove: Record<Caller, number> = { ...serverRoute(), subOutWl: 404 };
    it.each(callers)('DELETE services/vps/v2/iso/{id} of owner A as %s', async (caller) => {
      const response = await call(
        as(caller),
        'DELETE',
        `/services/vps/v2/iso/${encodeURIComponent(ids.iso)}`,
      );
      expect(response.statusCode, response.body).toBe(remove[caller]);
      const stillThere = (await pve().listIsos(ownerAId)).some((iso) => iso.id === ids.iso);
      expect(stillThere).toBe(response.statusCode !== 200);
    });
  });

  describe('user templates of the account', () => {
    let deletable = 0;
    beforeEach(async () => {
      await dropExtraTemplates();
      const created = await call(ownerToken, 'POST', `/services/vps/v2/${ids.vm}/user-template/create`, {
        custom_name: 'to_delete',
      });
      deletable = created.json().user_template.id;
      await sim.advance(LONG_ENOUGH_MS);
    });

    const listed: Record<Caller, number> = { ...serverRoute(), otherOwner: 200, subOutWl: 200 };
    it.each(callers)('GET user-template/list as %s', async (caller) => {
      const response = await call(as(caller), 'GET', '/services/vps/v2/user-template/list');
      expect(response.statusCode, response.body).toBe(listed[caller]);
      if (response.statusCode !== 200) return;
      const names = response.json().user_templates.map((u: { custom_name: string }) => u.custom_name);
      expect(names.includes('to_delete')).toBe(['owner', 'subAll', 'subWl'].includes(caller));
    });

    const remove: Record<Caller, number> = { ...serverRoute(), subOutWl: 404 };
    it.each(callers)('POST user-template/delete as %s', async (caller) => {
      const response = await call(as(caller), 'POST', '/services/vps/v2/user-template/delete', {
        id: deletable,
      });
      expect(response.statusCode, response.body).toBe(remove[caller]);
    });

    it('keeps templates of servers outside a whitelist away from the sub-account', async () => {
      const made = await call(subOtherToken, 'POST', `/services/vps/v2/${ids.other}/user-template/create`, {
        custom_name: 'of_other',
      });
      expect(made.statusCode, made.body).toBe(200);
      const ofOther = made.json().user_template.id;
      await sim.advance(LONG_ENOUGH_MS);

      const subWl = as('subWl');
      const names = (await call(subWl, 'GET', '/services/vps/v2/user-template/list'))
        .json()
        .user_templates.map((u: { custom_name: string }) => u.custom_name);
      expect(names).not.toContain('of_other');
      expect(names).toContain('to_delete');
      const templates = (await call(subWl, 'GET', `/services/vps/v2/${ids.vm}/templates`)).json().templates;
      expect(templates.map((o: { osid: string }) => o.osid)).not.toContain(`custom_${ofOther}`);
      expect(templates.map((o: { osid: string }) => o.osid)).toContain(`custom_${deletable}`);

      // Installing a copy of another server's disk would hand its data over.
      const install = await call(subWl, 'POST', `/services/vps/v2/${ids.vm}/user-template/install`, {
        id: ofOther,
      });
      expect(install.statusCode, install.body).toBe(404);
      const rebuild = await call(subWl, 'POST', `/services/vps/v2/${ids.vm}/rebuild`, {
        osid: `custom_${ofOther}`,
        password: 'Fresh-Pass9',
        password_confirm: 'Fresh-Pass9',
      });
      expect(rebuild.statusCode, rebuild.body).toBe(422);
      const remove = await call(subWl, 'POST', '/services/vps/v2/user-template/delete', { id: ofOther });
      expect(remove.statusCode, remove.body).toBe(404);
      expect((await pve().listUserTemplates(ownerAId)).map((u) => u.id)).toContain(ofOther);

      // The owner sees and uses every template of the account.
      const ownerNames = (await call(ownerToken, 'GET', '/services/vps/v2/user-template/list'))
        .json()
        .user_templates.map((u: { custom_name: string }) => u.custom_name);
      expect(ownerNames).toEqual(expect.arrayContaining(['of_other', 'to_delete', 'prepared']));
    });
  });

  it('answers the bodies the client turns into the spec texts', async () => {
    const outside = await call(as('subOutWl'), 'GET', `/services/vps/v2/${ids.vm}`);
    expect(outside.json()).toEqual({
      error: 'service_access_denied',
      message: 'You do not have access to this service. Please contact your account administrator.',
    });
    const noServices = await call(as('subNoServices'), 'GET', `/services/vps/v2/${ids.vm}`);
    expect(noServices.json()).toMatchObject({
      error: 'permission_required',
      required_permission: 'services',
    });
  });

  it('answers 404 for services that are not a VPS v2, and unknown ones', async () => {
    for (const id of [ids.notVps2, ids.vm + 100_000]) {
      const response = await call(ownerToken, 'GET', `/services/vps/v2/${id}`);
      expect(response.statusCode, response.body).toBe(404);
      const change = await call(ownerToken, 'POST', `/services/vps/v2/${id}/start`);
      expect(change.statusCode, change.body).toBe(404);
    }
  });
});

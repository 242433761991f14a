import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../src/seed/catalog.ts';
import {
  createDedicatedService,
  internalIpOf,
  publicIps,
  resetServer,
  type ServerKind,
} from './support/dedicated-servers.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every dedicated and rDNS route, for every kind of caller and service: guests 401, another
 * owner 404, a sub-account without the services permission 403, outside its whitelist 403, a
 * service of another kind 404, and a suspended service refused for changes (409) but readable.
 */
const SERVER = { inWl: 1101, outWl: 1102, other: 1103, suspended: 1104 } as const;
type Target = keyof typeof SERVER;

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: (id: number, serverId: number) => string;
  payload?: (serverId: number) => object;
  /** Reads stay allowed on a suspended service; changes are refused. */
  change: boolean;
  /** Brings the server into a state where the call succeeds (a rebuild to stop). */
  prepare?: (
    call: (method: 'POST', url: string, payload: object) => Promise<unknown>,
    id: number,
  ) => Promise<unknown>;
  /** A server kind other than IPMI, for calls that need something else. */
  kind?: ServerKind;
}

const dedicated = (id: number) => `/api/services/dedicated/${id}`;
const routes: Route[] = [
  { name: 'GET detail', method: 'GET', path: dedicated, change: false },
  {
    name: 'PATCH nickname',
    method: 'PATCH',
    path: dedicated,
    payload: () => ({ hostname: 'primary' }),
    change: true,
  },
  { name: 'GET templates', method: 'GET', path: (id) => `${dedicated(id)}/templates`, change: false },
  {
    name: 'POST rebuild',
    method: 'POST',
    path: (id) => `${dedicated(id)}/rebuild`,
    payload: () => ({ template: 1, password: 'Str0ng-pass!' }),
    change: true,
  },
  {
    name: 'GET rebuild/stop',
    method: 'GET',
    path: (id) => `${dedicated(id)}/rebuild/stop`,
    change: true,
    prepare: (call, id) =>
      call('POST', `${dedicated(id)}/rebuild`, { template: 1, password: 'Str0ng-pass!' }),
  },
  {
    name: 'GET rebuild/status',
    method: 'GET',
    path: (id) => `${dedicated(id)}/rebuild/status`,
    change: false,
  },
  { name: 'POST power/status', method: 'POST', path: (id) => `${dedicated(id)}/power/status`, change: false },
  {
    name: 'POST power/powerOn',
    method: 'POST',
    path: (id) => `${dedicated(id)}/power/powerOn`,
    change: true,
  },
  {
    name: 'POST power/powerOff',
    method: 'POST',
    path: (id) => `${dedicated(id)}/power/powerOff`,
    change: true,
  },
  {
    name: 'POST power/powerReset',
    method: 'POST',
    path: (id) => `${dedicated(id)}/power/powerReset`,
    change: true,
  },
  {
    name: 'POST power/resetBmc',
    method: 'POST',
    path: (id) => `${dedicated(id)}/power/resetBmc`,
    change: true,
  },
  { name: 'GET console', method: 'GET', path: (id) => `${dedicated(id)}/console?mode=web`, change: true },
  { name: 'GET bandwidth', method: 'GET', path: (id) => `${dedicated(id)}/bandwidth?mode=1h`, change: false },
  {
    name: 'GET bandwidth/summary',
    method: 'GET',
    path: (id) => `${dedicated(id)}/bandwidth/summary`,
    change: false,
  },
  {
    name: 'GET rdns',
    method: 'GET',
    path: (id, serverId) => `/api/services/${id}/rdns?ip_list=${publicIps(serverId).join(',')}`,
    change: false,
  },
  {
    name: 'POST rdns',
    method: 'POST',
    path: (id) => `/api/services/${id}/rdns`,
    payload: (serverId) => ({ ip_list: [publicIps(serverId)[0]], hostname_list: ['mail.example.net'] }),
    change: true,
  },
];

describe('dedicated and rDNS authorization', () => {
  let sim: TestSimulator;
  let t: TestApp;
  const ids = {} as Record<Target, number>;
  let vpsServiceId: number;
  let unmanagedServiceId: number;
  let tokens: Record<'owner' | 'otherOwner' | 'subWl' | 'subAll' | 'subNoServices', string>;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const ownerA = await createUser(t);
    const ownerB = await createUser(t);
    ids.inWl = (await createDedicatedService(t, ownerA.id, SERVER.inWl)).id;
    ids.outWl = (await createDedicatedService(t, ownerA.id, SERVER.outWl)).id;
    ids.other = (await createDedicatedService(t, ownerB.id, SERVER.other)).id;
    ids.suspended = (
      await createDedicatedService(t, ownerA.id, SERVER.suspended, {
        status: 'Suspended',
        suspensionReason: 'Overdue on Payment',
      })
    ).id;
    vpsServiceId = (
      await createService(t, ownerA.id, {
        productId: DemoProduct.dw4gNewYork,
        provider: 'proxmox',
        upstreamId: '101',
      })
    ).id;
    unmanagedServiceId = (await createService(t, ownerA.id, { productId: DemoProduct.managedBackup })).id;
    const sub = async (permissions: typeof allPermissions, serviceWhitelist: number[] | null) => {
      const user = await createUser(t, { parentId: ownerA.id, permissions, serviceWhitelist });
      return loginToken(t.app, user.email, user.password);
    };
    tokens = {
      owner: await loginToken(t.app, ownerA.email, ownerA.password),
      otherOwner: await loginToken(t.app, ownerB.email, ownerB.password),
      subWl: await sub(allPermissions, [ids.inWl, ids.suspended]),
      subAll: await sub(allPermissions, null),
      subNoServices: await sub({ ...allPermissions, services: false }, null),
    };
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const send = (route: Route, target: Target | 'vps' | 'unmanaged', token?: string) => {
    const id = target === 'vps' ? vpsServiceId : target === 'unmanaged' ? unmanagedServiceId : ids[target];
    const serverId = target === 'vps' || target === 'unmanaged' ? SERVER.inWl : SERVER[target];
    return t.app.inject({
      method: route.method,
      url: route.path(id, serverId),
      ...(route.payload ? { payload: route.payload(serverId) } : {}),
      headers: token ? bearer(token) : {},
    });
  };
  const resetAll = () => Promise.all(Object.values(SERVER).map((id) => resetServer(sim, id)));
  const callAs = (token: string) => (method: 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });

  /** The server as resetServer left it: on, idle, no nickname, no rDNS record. */
  const expectUntouched = async (id: number, serverId: number) => {
    const read = async (method: 'GET' | 'POST', url: string) =>
      (await t.app.inject({ method, url, headers: bearer(tokens.owner) })).json();
    expect((await read('GET', dedicated(id))).server.nickname).toBe('');
    expect(await read('POST', `${dedicated(id)}/power/status`)).toEqual({ status: 'online' });
    expect((await read('GET', `${dedicated(id)}/rebuild/status`)).active).toBe(false);
    const rdns = await read('GET', `/api/services/${id}/rdns?ip_list=${publicIps(serverId)[0]}`);
    expect(rdns.entries[0].host).toBe('');
  };

  for (const route of routes) {
    describe(route.name, () => {
      it('answers 401 to a guest', async () => {
        expect((await send(route, 'inWl')).statusCode).toBe(401);
      });

      it('answers 404 for another owner’s server, and 404 to another owner', async () => {
        await resetAll();
        expect((await send(route, 'other', tokens.owner)).statusCode).toBe(404);
        expect((await send(route, 'inWl', tokens.otherOwner)).statusCode).toBe(404);
      });

      it('answers 403 to a sub-account without the services permission', async () => {
        const response = await send(route, 'inWl', tokens.subNoServices);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          error: 'permission_required',
          required_permission: 'services',
        });
      });

      it('answers 403 to a sub-account outside its whitelist', async () => {
        await resetAll();
        const response = await send(route, 'outWl', tokens.subWl);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'service_access_denied' });
      });

      it('answers 404 for a service that is not a dedicated server', async () => {
        if (route.path(1, 1).startsWith('/api/services/1/rdns')) {
          // rDNS serves every kind of server: a service on no platform is the 404.
          const response = await send(route, 'unmanaged', tokens.owner);
          expect(response.statusCode).toBe(404);
          expect(response.json().message).toBe('Reverse DNS is not available for this service.');
          return;
        }
        expect((await send(route, 'vps', tokens.owner)).statusCode).toBe(404);
      });

      it('lets the owner, a whitelisted sub-account and one without a whitelist through', async () => {
        for (const token of [tokens.owner, tokens.subWl, tokens.subAll]) {
          await resetAll();
          await route.prepare?.(callAs(tokens.owner), ids.inWl);
          const response = await send(route, 'inWl', token);
          expect(response.statusCode, response.body).toBe(200);
        }
      });

      it(
        route.change
          ? 'refuses the change on a suspended service with 409, changing nothing'
          : 'still answers on a suspended service',
        async () => {
          await resetAll();
          const response = await send(route, 'suspended', tokens.subWl);
          if (!route.change) {
            expect(response.statusCode, response.body).toBe(200);
            return;
          }
          expect(response.statusCode).toBe(409);
          expect(response.json()).toMatchObject({ error: 'service_not_manageable' });
          await expectUntouched(ids.suspended, SERVER.suspended);
        },
      );
    });
  }

  it('never reveals the internal address of another owner’s server through rDNS', async () => {
    await resetAll();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/services/${ids.inWl}/rdns?ip_list=${internalIpOf(SERVER.other)}`,
      headers: bearer(tokens.owner),
    });
    expect(response.statusCode).toBe(422);
  });
});

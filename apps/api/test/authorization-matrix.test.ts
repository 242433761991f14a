import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCancellations } from '../src/db/schema/index.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every route of the dashboard/services issue, for every kind of caller: the status the server
 * answers. Owner A has services inA (whitelisted for subWl) and outWl (not whitelisted); owner B
 * has bService.
 */
const callers = [
  'guest',
  'owner',
  'otherOwner',
  'subAll',
  'subWl',
  'subNoServices',
  'subNoBilling',
  'subNoSupport',
] as const;
type Caller = (typeof callers)[number];
type Ids = { inWl: number; outWl: number; other: number };
type Row = [
  string,
  (ids: Ids) => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object },
  Record<Caller, number>,
];

const all = (status: number, overrides: Partial<Record<Caller, number>> = {}): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  otherOwner: status,
  subAll: status,
  subWl: status,
  subNoServices: status,
  subNoBilling: status,
  subNoSupport: status,
  ...overrides,
});

const serviceRead = (subWl: number) => all(200, { otherOwner: 404, subWl, subNoServices: 403 });
const foreignService = all(404, { otherOwner: 200, subNoServices: 403 });
const cancel = { reason: 'No longer needed', type: 'Immediate' };

const matrix: Row[] = [
  ['GET user', () => ({ method: 'GET', url: '/api/user' }), all(200)],
  ['GET services', () => ({ method: 'GET', url: '/api/services' }), all(200, { subNoServices: 403 })],
  [
    'GET services/{whitelisted}',
    (i) => ({ method: 'GET', url: `/api/services/${i.inWl}` }),
    serviceRead(200),
  ],
  [
    'GET services/{not whitelisted}',
    (i) => ({ method: 'GET', url: `/api/services/${i.outWl}` }),
    serviceRead(403),
  ],
  ['GET services/{other owner}', (i) => ({ method: 'GET', url: `/api/services/${i.other}` }), foreignService],
  [
    'POST services/{whitelisted}/cancel',
    (i) => ({ method: 'POST', url: `/api/services/${i.inWl}/cancel`, payload: cancel }),
    serviceRead(200),
  ],
  [
    'POST services/{not whitelisted}/cancel',
    (i) => ({ method: 'POST', url: `/api/services/${i.outWl}/cancel`, payload: cancel }),
    serviceRead(403),
  ],
  [
    'POST services/{other owner}/cancel',
    (i) => ({ method: 'POST', url: `/api/services/${i.other}/cancel`, payload: cancel }),
    foreignService,
  ],
  [
    'DELETE services/{whitelisted}/cancel',
    (i) => ({ method: 'DELETE', url: `/api/services/${i.inWl}/cancel` }),
    serviceRead(200),
  ],
  [
    'DELETE services/{not whitelisted}/cancel',
    (i) => ({ method: 'DELETE', url: `/api/services/${i.outWl}/cancel` }),
    serviceRead(403),
  ],
  [
    'DELETE services/{other owner}/cancel',
    (i) => ({ method: 'DELETE', url: `/api/services/${i.other}/cancel` }),
    foreignService,
  ],
  ['GET invoices', () => ({ method: 'GET', url: '/api/invoices' }), all(200, { subNoBilling: 403 })],
  [
    'GET invoices?relid={whitelisted}',
    (i) => ({ method: 'GET', url: `/api/invoices?relid=${i.inWl}` }),
    all(200, { otherOwner: 404, subNoBilling: 403 }),
  ],
  [
    'GET invoices?relid={not whitelisted}',
    (i) => ({ method: 'GET', url: `/api/invoices?relid=${i.outWl}` }),
    all(200, { otherOwner: 404, subWl: 403, subNoBilling: 403 }),
  ],
  [
    'GET invoices?relid={other owner}',
    (i) => ({ method: 'GET', url: `/api/invoices?relid=${i.other}` }),
    all(404, { otherOwner: 200, subNoBilling: 403 }),
  ],
  ['GET support', () => ({ method: 'GET', url: '/api/support' }), all(200, { subNoSupport: 403 })],
  ['GET news', () => ({ method: 'GET', url: '/api/news' }), all(200, { guest: 200 })],
];

describe('authorization matrix', () => {
  let t: TestApp;
  let ids: Ids;
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    t = await createTestApp();
    const ownerA = await createUser(t);
    const ownerB = await createUser(t);
    ids = {
      inWl: (await createService(t, ownerA.id)).id,
      outWl: (await createService(t, ownerA.id)).id,
      other: (await createService(t, ownerB.id)).id,
    };
    const sub = async (permissions: typeof allPermissions, serviceWhitelist: number[] | null = null) => {
      const user = await createUser(t, { parentId: ownerA.id, permissions, serviceWhitelist });
      return loginToken(t.app, user.email, user.password);
    };
    tokens.set('guest', undefined);
    tokens.set('owner', await loginToken(t.app, ownerA.email, ownerA.password));
    tokens.set('otherOwner', await loginToken(t.app, ownerB.email, ownerB.password));
    tokens.set('subAll', await sub(allPermissions));
    tokens.set('subWl', await sub(allPermissions, [ids.inWl]));
    tokens.set('subNoServices', await sub({ ...allPermissions, services: false }));
    tokens.set('subNoBilling', await sub({ ...allPermissions, billing: false }));
    tokens.set('subNoSupport', await sub({ ...allPermissions, support: false }));
  });
  afterAll(() => t.close());

  /** Puts every service back to "no pending cancellation" (POST) or "one pending" (DELETE). */
  const prepare = async (method: string) => {
    await t.database.db.delete(serviceCancellations);
    if (method === 'DELETE') {
      await t.database.db
        .insert(serviceCancellations)
        .values(
          Object.values(ids).map((serviceId) => ({ serviceId, type: 'Immediate' as const, reason: 'test' })),
        );
    }
  };

  for (const [name, request, expected] of matrix) {
    it.each(callers)(`${name} as %s`, async (caller) => {
      const { method, url, payload } = request(ids);
      await prepare(method);
      const token = tokens.get(caller);
      const response = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode, response.body).toBe(expected[caller]);
      if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
    });
  }

  it('answers with the bodies the client turns into the spec texts', async () => {
    const noServices = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: bearer(tokens.get('subNoServices')!),
    });
    expect(noServices.json()).toEqual({
      error: 'permission_required',
      required_permission: 'services',
      message: 'You do not have permission to services. Please contact your account administrator.',
    });
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/services/${ids.outWl}`,
      headers: bearer(tokens.get('subWl')!),
    });
    expect(outside.json()).toEqual({
      error: 'service_access_denied',
      message: 'You do not have access to this service. Please contact your account administrator.',
    });
  });

  it('lists only whitelisted services to a sub-account with a whitelist', async () => {
    const list = async (caller: Caller) =>
      (await t.app.inject({ method: 'GET', url: '/api/services', headers: bearer(tokens.get(caller)!) }))
        .json()
        .products.product.map((p: { id: number }) => p.id);
    expect(await list('subWl')).toEqual([ids.inWl]);
    expect(await list('subAll')).toEqual([ids.inWl, ids.outWl]);
    expect(await list('owner')).toEqual([ids.inWl, ids.outWl]);
    expect(await list('otherOwner')).toEqual([ids.other]);
  });

  it('shows nothing to a sub-account whose whitelist is empty', async () => {
    const owner = await createUser(t);
    await createService(t, owner.id);
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: allPermissions,
      serviceWhitelist: [],
    });
    const token = await loginToken(t.app, sub.email, sub.password);
    const response = await t.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) });
    expect(response.json().products.product).toEqual([]);
  });

  it('leaves no cancellation behind from a refused request', async () => {
    await prepare('POST');
    await t.app.inject({
      method: 'POST',
      url: `/api/services/${ids.outWl}/cancel`,
      payload: cancel,
      headers: bearer(tokens.get('subWl')!),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/services/${ids.other}/cancel`,
      payload: cancel,
      headers: bearer(tokens.get('owner')!),
    });
    const rows = await t.database.db
      .select()
      .from(serviceCancellations)
      .where(eq(serviceCancellations.status, 'pending'));
    expect(rows).toEqual([]);
  });
});

import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SubAccountPermission } from '@rackdesk/contract';
import type { UserRow } from '../db/schema/index.ts';
import { registerAccessRules } from './access-rules.ts';
import { callerOf, sessionCallerOf } from './caller.ts';
import { registerErrorHandler } from './errors.ts';
import type { AuthContext } from './policy.ts';
import type { RouteAccess } from './route-answers.ts';

const owner = { id: 1, parentId: null, closedAt: null, role: 'customer' } as UserRow;
const operator = { ...owner, role: 'operator' } as UserRow;
const subWithoutRights = {
  id: 2,
  parentId: 1,
  closedAt: null,
  role: 'customer',
  permissions: { order: false, services: false, billing: false, support: false },
} as UserRow;

const callers: Record<string, AuthContext | null> = {
  guest: null,
  owner: { credential: { kind: 'session', id: 1 }, login: owner, account: owner, isSubAccount: false },
  ownerToken: {
    credential: { kind: 'api_token', id: 1, scope: 'full' },
    login: owner,
    account: owner,
    isSubAccount: false,
  },
  sub: {
    credential: { kind: 'session', id: 2 },
    login: subWithoutRights,
    account: owner,
    isSubAccount: true,
  },
  operator: {
    credential: { kind: 'session', id: 3 },
    login: operator,
    account: operator,
    isSubAccount: false,
  },
};

/** An app whose callers are named by the `x-caller` header, with or without the access rules. */
function appOfCallers({ rules = true } = {}) {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = callers[String(request.headers['x-caller'])] ?? null;
  });
  if (rules) registerAccessRules(app);
  return app;
}

/** Routes whose handlers check nothing: whatever refuses a caller is the declaration alone. */
async function appWithRoutes(accesses: Record<string, RouteAccess>) {
  const app = appOfCallers();
  for (const [name, access] of Object.entries(accesses)) {
    app.get(`/${name}`, { config: { access } }, async () => ({ reached: true }));
  }
  app.get('/undeclared', async () => ({ reached: true }));
  return app;
}

/** What a handler gets from a caller accessor: the caller's login, or the programming error. */
function reading(read: (request: FastifyRequest) => AuthContext) {
  return async (request: FastifyRequest) => {
    try {
      const caller = read(request);
      return { login: caller.login.id, credential: caller.credential.kind };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
}

describe('access rules applied from the declaration', () => {
  const accesses: Record<string, RouteAccess> = {
    public: 'public',
    signedIn: 'signedIn',
    mainAccount: 'mainAccount',
    session: 'session',
    ownerSession: 'ownerSession',
    operator: 'operator',
    service: 'service',
    upgrade: { serviceAnd: 'order' },
    billing: { permission: 'billing' },
  };
  const expected: Record<string, Record<string, number>> = {
    public: { guest: 200, owner: 200, ownerToken: 200, sub: 200, operator: 200 },
    signedIn: { guest: 401, owner: 200, ownerToken: 200, sub: 200, operator: 200 },
    mainAccount: { guest: 401, owner: 200, ownerToken: 200, sub: 403, operator: 200 },
    session: { guest: 401, owner: 200, ownerToken: 403, sub: 200, operator: 200 },
    ownerSession: { guest: 401, owner: 200, ownerToken: 403, sub: 403, operator: 200 },
    operator: { guest: 401, owner: 403, ownerToken: 403, sub: 403, operator: 200 },
    service: { guest: 401, owner: 200, ownerToken: 200, sub: 403, operator: 200 },
    upgrade: { guest: 401, owner: 200, ownerToken: 200, sub: 403, operator: 200 },
    billing: { guest: 401, owner: 200, ownerToken: 200, sub: 403, operator: 200 },
    undeclared: { guest: 200, owner: 200, ownerToken: 200, sub: 200, operator: 200 },
  };

  it('refuses before the handler whom each kind of route refuses', async () => {
    const app = await appWithRoutes(accesses);
    const answers: Record<string, Record<string, number>> = {};
    for (const route of Object.keys(expected)) {
      answers[route] = {};
      for (const caller of Object.keys(callers)) {
        const answer = await app.inject({ method: 'GET', url: `/${route}`, headers: { 'x-caller': caller } });
        answers[route][caller] = answer.statusCode;
        if (answer.statusCode !== 200) expect(answer.json()).not.toHaveProperty('reached');
      }
    }
    expect(answers).toEqual(expected);
    await app.close();
  });

  it("names the permission a sub-account lacks, as the route's own check does", async () => {
    const app = await appWithRoutes(accesses);
    const answer = await app.inject({ method: 'GET', url: '/billing', headers: { 'x-caller': 'sub' } });
    expect(answer.json()).toMatchObject({ error: 'permission_required', required_permission: 'billing' });
    await app.close();
  });
});

describe('the declaration every API route makes', () => {
  it('keeps the server from starting with an API route that declares none', async () => {
    const app = appOfCallers();
    app.get('/api/declared', { config: { access: 'signedIn' } }, async () => ({ reached: true }));
    expect(() => app.post('/api/forgotten', async () => ({ reached: true }))).toThrow(
      'POST /api/forgotten declares no config.access: say who may call it',
    );
    await app.close();
  });

  it('asks none of the routes outside the API (the pages) or of its document', async () => {
    const app = appOfCallers();
    expect(() => app.get('/invoices/:id', async () => ({ reached: true }))).not.toThrow();
    expect(() => app.get('/api/docs/json', async () => ({ reached: true }))).not.toThrow();
    await app.close();
  });
});

describe('a route that needs a further permission on top of its service', () => {
  const subWith = (permissions: Partial<Record<SubAccountPermission, boolean>>): AuthContext => ({
    ...callers.sub!,
    login: { ...subWithoutRights, permissions: { ...subWithoutRights.permissions!, ...permissions } },
  });

  it('names the services permission first, then the further one', async () => {
    const app = appOfCallers({ rules: false });
    app.addHook('onRequest', async (request) => {
      const permissions = String(request.headers['x-permissions'] ?? '')
        .split(',')
        .filter(Boolean);
      request.auth = subWith(Object.fromEntries(permissions.map((name) => [name, true])));
    });
    registerAccessRules(app);
    app.get('/upgrade', { config: { access: { serviceAnd: 'order' } } }, async () => ({ reached: true }));
    const needed: Record<string, string | undefined> = {};
    for (const permissions of ['', 'order', 'services', 'services,order']) {
      const answer = await app.inject({
        method: 'GET',
        url: '/upgrade',
        headers: { 'x-permissions': permissions },
      });
      needed[permissions || 'none'] =
        answer.statusCode === 200 ? 'reached' : answer.json().required_permission;
    }
    expect(needed).toEqual({
      none: 'services',
      order: 'services',
      services: 'order',
      'services,order': 'reached',
    });
    await app.close();
  });
});

describe('the caller a handler reads: whom the declaration admitted, never a rule of its own', () => {
  const route = (
    app: ReturnType<typeof appOfCallers>,
    url: string,
    access: RouteAccess | undefined,
    read = callerOf,
  ) => app.get(url, { config: access ? { access } : {} }, reading(read));
  const get = async (app: ReturnType<typeof appOfCallers>, url: string, caller: string) =>
    (await app.inject({ method: 'GET', url, headers: { 'x-caller': caller } })).json();

  it('hands the handler the caller its route admitted', async () => {
    const app = appOfCallers();
    route(app, '/signed-in', 'signedIn');
    route(app, '/session', 'session', sessionCallerOf);
    route(app, '/owner-session', 'ownerSession', sessionCallerOf);
    expect(await get(app, '/signed-in', 'sub')).toEqual({ login: 2, credential: 'session' });
    expect(await get(app, '/signed-in', 'ownerToken')).toEqual({ login: 1, credential: 'api_token' });
    expect(await get(app, '/session', 'owner')).toEqual({ login: 1, credential: 'session' });
    expect(await get(app, '/owner-session', 'owner')).toEqual({ login: 1, credential: 'session' });
    await app.close();
  });

  it('is a programming error on a route that admits no caller, even when the request has one', async () => {
    const app = appOfCallers();
    route(app, '/public', 'public');
    route(app, '/undeclared', undefined);
    expect(await get(app, '/public', 'owner')).toEqual({
      error:
        'GET /public: its handler needs a caller, but the route\'s config.access ("public") does not admit one',
    });
    expect((await get(app, '/undeclared', 'owner')).error).toMatch(
      /config\.access \(null\) does not admit one/,
    );
    await app.close();
  });

  it('is a programming error when the access rules did not run for the request', async () => {
    const app = appOfCallers({ rules: false });
    route(app, '/signed-in', 'signedIn');
    expect((await get(app, '/signed-in', 'owner')).error).toMatch(/needs a caller/);
    await app.close();
  });

  it('gives a signed-in session only to a route declared for sessions', async () => {
    const app = appOfCallers();
    route(app, '/signed-in', 'signedIn', sessionCallerOf);
    route(app, '/main-account', 'mainAccount', sessionCallerOf);
    // The owner signed in: the caller would fit, but the declaration does not promise it.
    expect((await get(app, '/signed-in', 'owner')).error).toMatch(/needs a signed-in session/);
    expect((await get(app, '/main-account', 'owner')).error).toMatch(/needs a signed-in session/);
    await app.close();
  });
});

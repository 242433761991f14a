import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.ts';
import { registerAccessRules } from './access-rules.ts';
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

/** Routes whose handlers check nothing: whatever refuses a caller is the declaration alone. */
async function appWithRoutes(accesses: Record<string, RouteAccess>) {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = callers[String(request.headers['x-caller'])] ?? null;
  });
  registerAccessRules(app);
  for (const [name, access] of Object.entries(accesses)) {
    app.get(`/${name}`, { config: { access } }, async () => ({ reached: true }));
  }
  app.get('/undeclared', async () => ({ reached: true }));
  return app;
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

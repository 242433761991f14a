import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiTokens } from '../../src/db/schema/index.ts';
import { allPermissions, bearer, createUser, loginToken, noPermissions } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * The kinds of caller an account call is tried with, for owner A: no token, A's session, owner B's
 * session, sub-accounts of A with every permission, none, or one each, A's API tokens (read-only,
 * full, expired, deleted) and a session of A that has signed out.
 */
export const accountCallers = [
  'guest',
  'owner',
  'otherOwner',
  'subAll',
  'subNone',
  'subOrder',
  'subServices',
  'subBilling',
  'subSupport',
  'readToken',
  'fullToken',
  'expiredToken',
  'revokedToken',
  'revokedSession',
] as const;
export type AccountCaller = (typeof accountCallers)[number];

/** What an owner-only call for signed-in sessions answers each caller, and the refusal's `error`. */
export function ownerSessionRoute(
  ok: number,
  otherOwner = ok,
): Record<AccountCaller, { status: number; error?: string }> {
  const sub = { status: 403, error: 'main_account_only' };
  const token = { status: 403, error: 'session_required' };
  return {
    guest: { status: 401 },
    owner: { status: ok },
    otherOwner: { status: otherOwner },
    subAll: sub,
    subNone: sub,
    subOrder: sub,
    subServices: sub,
    subBilling: sub,
    subSupport: sub,
    readToken: token,
    fullToken: token,
    expiredToken: { status: 401 },
    revokedToken: { status: 401 },
    revokedSession: { status: 401 },
  };
}

/** Creates an API token through the API with an owner's session and returns it with its id. */
export async function createApiToken(
  app: FastifyInstance,
  session: string,
  body: { description?: string; scope?: 'read' | 'full'; expires_at?: string } = {},
): Promise<{ token: string; id: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: bearer(session),
    payload: { description: 'Test script', ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`token not created: ${response.statusCode} ${response.body}`);
  const { token, api_token: apiToken } = response.json();
  return { token, id: apiToken.id };
}

/** Moves a token's expiry into the past, as time would. */
export async function expireApiToken(t: TestApp, id: number): Promise<void> {
  await t.database.db
    .update(apiTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiTokens.id, id));
}

/** A token for every kind of caller (undefined for the guest). */
export async function accountCallerTokens(
  t: TestApp,
  owners: { a: { id: number; email: string; password: string }; b: { email: string; password: string } },
): Promise<Map<AccountCaller, string | undefined>> {
  const { a, b } = owners;
  const { app } = t;
  const owner = await loginToken(app, a.email, a.password);
  const sub = async (permissions: typeof allPermissions) => {
    const user = await createUser(t, { parentId: a.id, permissions });
    return loginToken(app, user.email, user.password);
  };
  const expired = await createApiToken(app, owner, { description: 'Expired' });
  await expireApiToken(t, expired.id);
  const revoked = await createApiToken(app, owner, { description: 'Deleted' });
  await app.inject({ method: 'DELETE', url: `/api/api-tokens/${revoked.id}`, headers: bearer(owner) });
  const signedOut = await loginToken(app, a.email, a.password);
  await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedOut) });
  return new Map<AccountCaller, string | undefined>([
    ['guest', undefined],
    ['owner', owner],
    ['otherOwner', await loginToken(app, b.email, b.password)],
    ['subAll', await sub(allPermissions)],
    ['subNone', await sub(noPermissions)],
    ['subOrder', await sub({ ...noPermissions, order: true })],
    ['subServices', await sub({ ...noPermissions, services: true })],
    ['subBilling', await sub({ ...noPermissions, billing: true })],
    ['subSupport', await sub({ ...noPermissions, support: true })],
    ['readToken', (await createApiToken(app, owner, { description: 'Read', scope: 'read' })).token],
    ['fullToken', (await createApiToken(app, owner, { description: 'Full', scope: 'full' })).token],
    ['expiredToken', expired.token],
    ['revokedToken', revoked.token],
    ['revokedSession', signedOut],
  ]);
}

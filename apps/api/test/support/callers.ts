import type { TestApp } from './test-app.ts';
import { allPermissions, createUser, loginToken } from './fixtures.ts';

/**
 * The kinds of caller an authorization matrix tries on owner A's server: no session, owner A,
 * owner B, sub-accounts of A with every permission and no whitelist (subAll), with the server
 * whitelisted (subWl), with a whitelist that leaves it out (subOutWl), and without the services
 * permission (subNoServices).
 */
export const callers = [
  'guest',
  'owner',
  'otherOwner',
  'subAll',
  'subWl',
  'subOutWl',
  'subNoServices',
] as const;
export type Caller = (typeof callers)[number];

/** What a route on owner A's server answers each caller: the owner and permitted sub-accounts get `ok`. */
export const serverRoute = (ok = 200): Record<Caller, number> => ({
  guest: 401,
  owner: ok,
  otherOwner: 404,
  subAll: ok,
  subWl: ok,
  subOutWl: 403,
  subNoServices: 403,
});

type Permissions = typeof allPermissions;

/** Signs in a new sub-account of `parentId` and returns its token. */
export async function subAccountToken(
  t: TestApp,
  parentId: number,
  permissions: Permissions,
  serviceWhitelist: number[] | null = null,
): Promise<string> {
  const user = await createUser(t, { parentId, permissions, serviceWhitelist });
  return loginToken(t.app, user.email, user.password);
}

/**
 * A token for every kind of caller (undefined for the guest): `whitelisted` is the service subWl
 * may use, `outsideWhitelist` one id subOutWl's whitelist holds instead.
 */
export async function callerTokens(
  t: TestApp,
  owners: { a: { id: number; email: string; password: string }; b: { email: string; password: string } },
  whitelisted: number,
  outsideWhitelist: number,
): Promise<Map<Caller, string | undefined>> {
  const { a, b } = owners;
  return new Map<Caller, string | undefined>([
    ['guest', undefined],
    ['owner', await loginToken(t.app, a.email, a.password)],
    ['otherOwner', await loginToken(t.app, b.email, b.password)],
    ['subAll', await subAccountToken(t, a.id, allPermissions)],
    ['subWl', await subAccountToken(t, a.id, allPermissions, [whitelisted])],
    ['subOutWl', await subAccountToken(t, a.id, allPermissions, [outsideWhitelist])],
    ['subNoServices', await subAccountToken(t, a.id, { ...allPermissions, services: false })],
  ]);
}

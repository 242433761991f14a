import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { type AuthContext, type Credential, requireOwnerSession, requireSession } from './policy.ts';

const owner = { id: 1, parentId: null, closedAt: null } as UserRow;
const sub = { id: 2, parentId: 1, closedAt: null } as UserRow;

/** A request as authentication leaves it: the caller's credential, login and account. */
function requestOf(credential: Credential, login = owner): FastifyRequest {
  const auth: AuthContext = { credential, login, account: owner, isSubAccount: login.parentId !== null };
  return { auth } as FastifyRequest;
}

const refusal = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, ...error.body, message: error.message };
    throw error;
  }
  return undefined;
};

const session: Credential = { kind: 'session', id: 10 };
const fullToken: Credential = { kind: 'api_token', id: 20, scope: 'full' };

describe('requireSession', () => {
  it('lets a signed-in session of an owner or a sub-account through', () => {
    expect(requireSession(requestOf(session)).login).toBe(owner);
    expect(requireSession(requestOf(session, sub)).login).toBe(sub);
  });

  it('refuses an API token, even a full one, with 403 session_required', () => {
    expect(refusal(() => requireSession(requestOf(fullToken)))).toEqual({
      status: 403,
      error: 'session_required',
      message: 'This can only be done from a signed-in session, not with an API token.',
    });
  });
});

describe('requireOwnerSession', () => {
  it('lets the owner’s session through', () => {
    expect(requireOwnerSession(requestOf(session)).account).toBe(owner);
  });

  it('refuses a sub-account’s session with main_account_only and an API token with session_required', () => {
    expect(refusal(() => requireOwnerSession(requestOf(session, sub)))).toMatchObject({
      status: 403,
      error: 'main_account_only',
    });
    expect(refusal(() => requireOwnerSession(requestOf(fullToken)))).toMatchObject({
      status: 403,
      error: 'session_required',
    });
  });
});

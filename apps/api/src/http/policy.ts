import {
  AccountText,
  type ApiTokenScope,
  ErrorCode,
  ErrorText,
  type SubAccountPermission,
  SupportText,
} from '@rackdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/** What the bearer token is: a signed-in session, or an API token of the account's owner. */
export type Credential =
  { kind: 'session'; id: number } | { kind: 'api_token'; id: number; scope: ApiTokenScope };

/** Who is calling: the signed-in login, and the account it acts for (itself, or its owner). */
export interface AuthContext {
  credential: Credential;
  login: UserRow;
  account: UserRow;
  isSubAccount: boolean;
}

/** A caller signed in with a session (not an API token): its credential is the session's id. */
export type SessionAuth = AuthContext & { credential: { kind: 'session' } };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * The policy layer: the access rules (access-rules.ts) apply these functions to every request, as
 * its route declares in `config.access`, and the server refuses whatever the client would hide.
 * Each throws the API.md error body on refusal. Handlers never call them: they read the caller the
 * rules admitted (caller.ts), so that a route's rule is written once.
 */

/** Whether the caller's login or the account it acts for has been closed. */
export const isClosed = (auth: AuthContext) => Boolean(auth.account.closedAt || auth.login.closedAt);

export function requireLogin(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (!auth) throw AppError.unauthenticated();
  if (isClosed(auth)) {
    throw AppError.forbidden(ErrorText.accountClosed, ErrorCode.accountClosed);
  }
  return auth;
}

export function requireMainAccount(request: FastifyRequest): AuthContext {
  const auth = requireLogin(request);
  if (auth.isSubAccount) throw AppError.forbidden(ErrorText.mainAccountOnly, ErrorCode.mainAccountOnly);
  return auth;
}

/**
 * A signed-in session (of an owner or a sub-account), not an API token: for what manages the
 * account's credentials (password, 2FA, sessions, API tokens, sub-accounts, closing it).
 */
export function requireSession(request: FastifyRequest): SessionAuth {
  const auth = requireLogin(request);
  if (auth.credential.kind !== 'session') {
    throw AppError.forbidden(AccountText.sessionRequired, ErrorCode.sessionRequired);
  }
  return auth as SessionAuth;
}

/** The owner, signed in: for the owner's credentials (API tokens, sub-accounts, closing the account). */
export function requireOwnerSession(request: FastifyRequest): SessionAuth {
  const auth = requireSession(request);
  if (auth.isSubAccount) throw AppError.forbidden(ErrorText.mainAccountOnly, ErrorCode.mainAccountOnly);
  return auth;
}

export function requirePermission(request: FastifyRequest, permission: SubAccountPermission): AuthContext {
  const auth = requireLogin(request);
  if (auth.isSubAccount && !auth.login.permissions?.[permission]) {
    throw AppError.forbidden(ErrorText.permissionRequired(permission), ErrorCode.permissionRequired, {
      required_permission: permission,
    });
  }
  return auth;
}

/** Support staff: a login with the operator role (given by `npm run operator -- add EMAIL`). */
export function requireOperator(request: FastifyRequest): AuthContext {
  const auth = requireLogin(request);
  if (auth.login.role !== 'operator')
    throw AppError.forbidden(SupportText.operatorOnly, ErrorCode.operatorOnly);
  return auth;
}

/** Whether a service id is inside the caller's whitelist (owners and null whitelists see all). */
export function isWhitelisted(auth: AuthContext, serviceId: number): boolean {
  const whitelist = auth.isSubAccount ? (auth.login.serviceWhitelist ?? null) : null;
  return whitelist === null || whitelist.includes(serviceId);
}

/**
 * Ownership and whitelist of one service: another account's service is a 404 (its existence is
 * not revealed); the owner's service outside a sub-account's whitelist is a 403.
 */
export function assertServiceAccess<T extends { id: number; userId: number }>(
  auth: AuthContext,
  service: T | undefined,
): asserts service is T {
  if (!service || service.userId !== auth.account.id) throw AppError.notFound('Service not found.');
  if (!isWhitelisted(auth, service.id)) {
    throw AppError.forbidden(ErrorText.serviceAccessDenied, ErrorCode.serviceAccessDenied);
  }
}

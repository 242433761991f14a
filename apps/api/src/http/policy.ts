import { ErrorCode, ErrorText, type SubAccountPermission } from '@rackdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/** Who is calling: the signed-in login, and the account it acts for (itself, or its owner). */
export interface AuthContext {
  sessionId: number;
  login: UserRow;
  account: UserRow;
  isSubAccount: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * The policy layer: every route states what it needs through these functions, and the server
 * refuses whatever the client would hide. Each throws the API.md error body on refusal.
 */
export function requireLogin(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (!auth) throw AppError.unauthenticated();
  if (auth.account.closedAt || auth.login.closedAt) {
    throw AppError.forbidden(ErrorText.accountClosed, ErrorCode.accountClosed);
  }
  return auth;
}

export function requireMainAccount(request: FastifyRequest): AuthContext {
  const auth = requireLogin(request);
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

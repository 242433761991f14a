import type { FastifyRequest } from 'fastify';
import type { AuthContext, SessionAuth } from './policy.ts';

/**
 * The callers the access rules (access-rules.ts) let through, by request. A handler reads its
 * caller from here, so that the route's declaration (`config.access`) is the only place its rule
 * is written: nothing here decides who may call, it only hands out whom the declaration admitted.
 */
const admitted = new WeakMap<FastifyRequest, AuthContext>();

/** For the access rules alone: the caller the route's declaration has just let through. */
export function admitCaller(request: FastifyRequest, caller: AuthContext): void {
  admitted.set(request, caller);
}

/** A handler that reads a caller its route does not promise is a bug of the code, not of the call. */
function misdeclared(request: FastifyRequest, needs: string): Error {
  const access = JSON.stringify(request.routeOptions.config.access ?? null);
  return new Error(
    `${request.method} ${request.routeOptions.url}: its handler needs ${needs}, but the route's config.access (${access}) does not admit one`,
  );
}

/** The caller the route's declared access admitted: the login, and the account it acts for. */
export function callerOf(request: FastifyRequest): AuthContext {
  const caller = admitted.get(request);
  if (!caller) throw misdeclared(request, 'a caller');
  return caller;
}

/**
 * The caller of a route declared 'session' or 'ownerSession': a signed-in session, whose id the
 * credential managers (password, sessions, signing out) need.
 */
export function sessionCallerOf(request: FastifyRequest): SessionAuth {
  const { access } = request.routeOptions.config;
  if (access !== 'session' && access !== 'ownerSession') throw misdeclared(request, 'a signed-in session');
  return callerOf(request) as SessionAuth;
}

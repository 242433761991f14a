import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiTokensService, isApiToken } from '../modules/api-tokens/api-tokens.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { AuthContext } from './policy.ts';

/** Resolves a bearer token (a session's or an API token) to its caller, or null when it is not valid now. */
export type BearerAuthenticator = (token: string, ip: string) => Promise<AuthContext | null>;

export function bearerAuthenticator(auth: AuthService, apiTokens: ApiTokensService): BearerAuthenticator {
  return (token, ip) => (isApiToken(token) ? apiTokens.authenticate(token, ip) : auth.authenticate(token));
}

/** The token of `Authorization: Bearer <token>`, if the request has one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * Reads `Authorization: Bearer <token>` (never a cookie, so no call can ride on a cross-site
 * request) and attaches the caller to the request. The row is read afresh on every request, so a
 * change to a sub-account or a revoked token applies from the next one. Each route's declared
 * access (access-rules.ts) decides whether a missing caller is acceptable.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: BearerAuthenticator) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerTokenOf(request);
    if (token) request.auth = await authenticate(token, request.ip);
  });
}

import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.ts';

/**
 * Reads `Authorization: Bearer <token>` (never a cookie, so no call can ride on a cross-site
 * request) and attaches the session to the request. Routes decide with the policy functions
 * whether a missing session is acceptable.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return;
    request.auth = await auth.authenticate(match[1]!);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  requireLogin,
  requireMainAccount,
  requireOperator,
  requireOwnerSession,
  requirePermission,
  requireSession,
} from './policy.ts';
import type { RouteAccess } from './route-answers.ts';

/**
 * Applies a route's declared access (`config.access`) to the caller, refusing as the route's
 * policy function would. A `service` route needs the services permission here; its object checks
 * (the account's service, the whitelist) need the service's row, which its handler reads.
 */
export function enforceAccess(access: RouteAccess | undefined, request: FastifyRequest): void {
  switch (access) {
    // Outside the API (the pages, PayPal's return): the API document requires a declaration of
    // every API route.
    case undefined:
    case 'public':
      return;
    case 'signedIn':
      requireLogin(request);
      return;
    case 'mainAccount':
      requireMainAccount(request);
      return;
    case 'session':
      requireSession(request);
      return;
    case 'ownerSession':
      requireOwnerSession(request);
      return;
    case 'operator':
      requireOperator(request);
      return;
    case 'service':
      requirePermission(request, 'services');
      return;
    default:
      requirePermission(request, access.permission);
  }
}

/**
 * Makes the declaration the rule: every route's access is applied before its handler runs, after
 * its input is checked (a malformed call is a 422 whoever sends it, as it was when only handlers
 * applied the policy). A handler that forgot its check still refuses whom the route refuses.
 */
export function registerAccessRules(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      const { access, alsoRequires } = request.routeOptions.config;
      enforceAccess(access, request);
      if (alsoRequires) requirePermission(request, alsoRequires);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

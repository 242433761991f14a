import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admitCaller } from './caller.ts';
import {
  type AuthContext,
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
 * policy function would, and answers the caller it lets through (none on a public route). A
 * `service` route needs the services permission here; its object checks (the account's service,
 * the whitelist) need the service's row, which its service reads (assertServiceAccess).
 */
export function enforceAccess(access: RouteAccess | undefined, request: FastifyRequest): AuthContext | null {
  switch (access) {
    // Outside the API (the pages, PayPal's return): every API route declares its access, or the
    // server does not start (registerAccessRules).
    case undefined:
    case 'public':
      return null;
    case 'signedIn':
      return requireLogin(request);
    case 'mainAccount':
      return requireMainAccount(request);
    case 'session':
      return requireSession(request);
    case 'ownerSession':
      return requireOwnerSession(request);
    case 'operator':
      return requireOperator(request);
    case 'service':
      return requirePermission(request, 'services');
    default:
      if ('serviceAnd' in access) {
        // The services permission first: without it the server is not the sub-account's to see,
        // whatever else it may do.
        requirePermission(request, 'services');
        return requirePermission(request, access.serviceAnd);
      }
      return requirePermission(request, access.permission);
  }
}

/** The API's routes, but for the pages of its own document, which the document's plugin serves to anyone. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Makes the declaration the rule: every route's access is applied before its handler runs, after
 * its input is checked (a malformed call is a 422 whoever sends it), and the handler reads the
 * caller let through with callerOf (caller.ts), never applying a rule of its own.
 */
export function registerAccessRules(app: FastifyInstance) {
  // An API route without a declaration would be open to anyone, and its handler would have no
  // caller to read: the server does not start with one (so neither does any API test).
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route.url) && !route.config?.access) {
      throw new Error(`${String(route.method)} ${route.url} declares no config.access: say who may call it`);
    }
  });
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      const caller = enforceAccess(request.routeOptions.config.access, request);
      if (caller) admitCaller(request, caller);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

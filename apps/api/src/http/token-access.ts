import { AccountText, ErrorCode } from '@rackdesk/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import type { RouteAccess } from './route-answers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route changes anything (on the account, a server or anywhere else), which a
     * read-only API token may not do. Unset, the method decides: GET, HEAD and OPTIONS read, the
     * others change. Set it where the method says otherwise (the spec's state-changing GETs, its
     * reading POSTs).
     */
    changes?: boolean;
  }
}

const readingMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route changes state, from its `config.changes` or else its method. */
export function routeChanges(method: string | readonly string[], config: FastifyContextConfig | undefined) {
  return config?.changes ?? ![method].flat().every((name) => readingMethods.has(name.toUpperCase()));
}

/**
 * Routes where a read-only token meets the read-only rule: those anyone may call take no notice
 * of the token, and those for signed-in sessions refuse every API token (requireSession).
 */
export const readOnlyRuleApplies = (access: RouteAccess | undefined) =>
  access !== 'public' && access !== 'session' && access !== 'ownerSession';

/**
 * The read-only rule of API tokens, in one place: a `read` token gets 403 `read_only_token` on
 * every route that changes state, before its input is even read, and passes every read.
 */
export function registerTokenAccess(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const credential = request.auth?.credential;
    if (credential?.kind !== 'api_token' || credential.scope !== 'read') return done();
    const { url, method, config } = request.routeOptions;
    // No route: the 404 follows.
    if (url === undefined) return done();
    if (readOnlyRuleApplies(config.access) && routeChanges(method, config)) {
      return done(AppError.forbidden(AccountText.readOnlyToken, ErrorCode.readOnlyToken));
    }
    done();
  });
}

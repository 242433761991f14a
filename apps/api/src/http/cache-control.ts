import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is `Cache-Control: no-store` unless its route sets a policy of its own. The
 * answers are the account's data, session tokens, one-time passwords and console credentials, or
 * states that change from one second to the next: none may stay in the browser's disk cache after
 * sign-out, nor in a proxy. Keying this on the bearer token instead would miss the answers that
 * hand one out (login, register), and public answers (the catalogue, news) are cheap to ask again.
 */
export function registerApiCacheControl(api: FastifyInstance) {
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

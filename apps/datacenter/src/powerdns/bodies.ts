import type { FastifyInstance } from 'fastify';
import { badRequest } from './replies.ts';

/**
 * PowerDNS reads every request body as JSON whatever its Content-Type (clients often send none,
 * or text/plain), and answers 400 when it is not JSON.
 */
export function registerJsonBodies(api: FastifyInstance): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(badRequest(), undefined);
    }
  });
}

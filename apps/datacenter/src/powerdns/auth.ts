import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { sendError } from './replies.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The API key check of PowerDNS's webserver: header `X-API-Key`, or the `api-key` query
 * parameter it also accepts. Anything else is a 401 before any route runs.
 */
export function registerApiKeyAuth(api: FastifyInstance, ctx: SimContext): void {
  api.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-api-key'];
    const given = typeof header === 'string' ? header : (request.query as Record<string, unknown>)['api-key'];
    if (typeof given === 'string' && sameSecret(given, ctx.credentials.powerdns.apiKey)) return;
    reply.header('www-authenticate', 'X-API-Key realm="PowerDNS"');
    return sendError(reply, 401, 'Unauthorized');
  });
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { unauthenticated } from './replies.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Tenantos API key check: `Authorization: Bearer <key>` on every API call. */
export function requireApiKey(ctx: SimContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !sameSecret(match[1].trim(), ctx.credentials.tenantos.apiKey)) {
      return unauthenticated(reply);
    }
  };
}

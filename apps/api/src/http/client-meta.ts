import type { FastifyRequest } from 'fastify';

/** Where a request came from, as sessions and the security log record it. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export const clientMetaOf = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

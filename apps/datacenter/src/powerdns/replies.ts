import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A refusal in PowerDNS's own words. The API answers every error as `{"error": "…"}`: 422 for
 * input it cannot use (its ApiException), 404 for an unknown zone or server, 400 for a body that
 * is not JSON, 401 for a wrong API key. Handlers throw it; the scope's error handler writes it.
 */
export class PowerDnsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PowerDnsError';
  }
}

export const unprocessable = (message: string) => new PowerDnsError(422, message);
export const notFound = (message = 'Not Found') => new PowerDnsError(404, message);
export const badRequest = () => new PowerDnsError(400, 'Bad Request');

export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ error: message });
}

/**
 * Errors of the `/api/v1` scope, including Fastify's own (malformed JSON), in PowerDNS's shape;
 * JSON answers carry PowerDNS's bare `application/json`, without a charset.
 */
export function registerPowerDnsReplies(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', 'application/json');
    return payload;
  });
  api.setErrorHandler((error, request, reply) => {
    if (error instanceof PowerDnsError) return sendError(reply, error.status, error.message);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'simulated PowerDNS route failed');
    return sendError(reply, status, STATUS_CODES[status] ?? 'Error');
  });
  api.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not Found'));
}

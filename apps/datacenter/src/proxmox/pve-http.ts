import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The answer conventions of the Proxmox VE API: every body is `{"data": …}`; a failure carries
 * its reason in the HTTP status line (and, like recent versions, a `message`), and a parameter
 * error is a 400 with `errors` per parameter. Handlers throw PveError; the scope's error handler
 * writes it.
 */
export class PveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'PveError';
  }
}

export function ok<T>(data: T): { data: T } {
  return { data };
}

export function sendPveError(reply: FastifyReply, status: number, message: string, errors?: object) {
  reply.raw.statusMessage = message.replace(/[\r\n]+/g, ' ').trim();
  return reply.code(status).send({ data: null, message: `${message}\n`, ...(errors ? { errors } : {}) });
}

export function registerPveErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PveError) return sendPveError(reply, error.status, error.message, error.errors);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'simulated Proxmox route failed');
    return sendPveError(reply, status, (error as Error).message || 'internal error');
  });
}

/** Proxmox booleans arrive as 0/1 (forms) or true/false (JSON). */
export const pveBoolean = z
  .union([z.boolean(), z.number(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const vmidParam = z.coerce.number().int().min(100).max(999_999_999);

/** Route, query and body parameters together, as Proxmox treats them; 400 when they do not fit. */
export function params<S extends z.ZodType>(request: FastifyRequest, schema: S): z.infer<S> {
  const input = {
    ...(request.query as object | undefined),
    ...(typeof request.body === 'object' ? (request.body as object | null) : {}),
    ...(request.params as object | undefined),
  };
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'parameters');
    errors[key] ??= /received undefined$/.test(issue.message)
      ? 'property is missing and it is not optional'
      : issue.message;
  }
  throw new PveError(400, 'Parameter verification failed.', errors);
}

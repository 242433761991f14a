import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MISSING } from './pve-schema.ts';

/**
 * The answer conventions of the Proxmox VE API server: every body is `{"data": …}` sent as
 * `application/json;charset=UTF-8` (its exact spelling: some clients compare the header as a
 * string); a failure carries its reason in the HTTP status line and in `message`, and a parameter
 * error is a 400 with `errors` per parameter. Handlers throw PveError; the scope's error handler
 * writes it.
 */
export const PVE_JSON = 'application/json;charset=UTF-8';

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

/** The reason phrase Proxmox puts in the status line: the first line of the message. */
function statusLine(reply: FastifyReply, message: string): void {
  reply.raw.statusMessage = message.split(/[\r\n]/, 1)[0]!.trim() || 'internal error';
}

/** An error answer; `message` goes out as given (errors raised by Proxmox's code end with a newline). */
export function sendPveError(reply: FastifyReply, status: number, message: string, errors?: object) {
  statusLine(reply, message);
  return reply.code(status).send({ data: null, message, ...(errors ? { errors } : {}) });
}

function asRaised(message: string): string {
  return message.endsWith('\n') ? message : `${message}\n`;
}

/**
 * A refused authentication: Proxmox answers the status line alone, with neither a body nor a
 * content type.
 */
export function sendAuthFailure(reply: FastifyReply, reason: string) {
  statusLine(reply, reason);
  return reply.code(401).removeHeader('content-type').send();
}

/**
 * What every answer of the scope carries: Proxmox's content type and caching headers, its errors
 * and its 501 for any method and path it does not implement.
 */
export function registerPveConventions(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'max-age=0');
    reply.header('pragma', 'no-cache');
    reply.header('expires', new Date().toUTCString());
    reply.header('server', 'pve-api-daemon/3.0');
    if (payload === undefined || payload === null || payload === '') reply.removeHeader('content-type');
    else reply.header('content-type', PVE_JSON);
    return payload;
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PveError)
      return sendPveError(reply, error.status, asRaised(error.message), error.errors);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'simulated Proxmox route failed');
    return sendPveError(reply, status, asRaised((error as Error).message || 'internal error'));
  });
  app.setNotFoundHandler((request, reply) => {
    return sendPveError(
      reply,
      501,
      `Method '${request.method} ${relativePath(request, prefix)}' not implemented`,
    );
  });
}

/**
 * Route, query and body parameters together, as Proxmox takes them (the query over the body, and
 * a path parameter given again with another value is an error); 400 with Proxmox's wording when
 * they do not fit. Schemas use the parameter types of pve-schema.ts.
 */
export function params<S extends z.ZodType>(request: FastifyRequest, schema: S): z.infer<S> {
  const path = (request.params ?? {}) as Record<string, string>;
  const given: Record<string, unknown> = {
    ...(typeof request.body === 'object' ? (request.body as object | null) : {}),
    ...(request.query as object | undefined),
  };
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    if (key in path && String(value) !== path[key])
      errors[key] = 'duplicate parameter (already defined in URI) with conflicting values!';
  }
  const parsed = schema.safeParse({ ...given, ...path });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0] ?? '_root');
    errors[key] ??= issue.code === 'invalid_type' && issue.input === undefined ? MISSING : issue.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0)
    throw new PveError(400, 'Parameter verification failed.', errors);
  return parsed.data;
}

/** The path below `/api2/json`, as Proxmox names calls in its messages. */
export function relativePath(request: FastifyRequest, prefix: string): string {
  const path = request.url.split('?', 1)[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Proxmox keeps what it cannot decode as it is.
  }
  return decoded.slice(prefix.length) || '/';
}

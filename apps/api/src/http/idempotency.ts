import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TEXT } from '@rackdesk/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { AppError } from './errors.ts';
import type { HeldKey, IdempotencyKeys } from './idempotency-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an `Idempotency-Key` header: a retried call with the same key takes effect
     * once and answers what the first one answered. For calls that move money or raise invoices.
     */
    idempotent?: boolean;
    /**
     * The answer of an idempotent call whose change committed (`ref`, as the change marked it
     * with markEffect) on a server that died before answering: rebuilt for the retry, which
     * must not act again. Every idempotent route has one.
     */
    idempotentAnswer?: (request: FastifyRequest, ref: string) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** The key this call claimed, to be completed with its answer. */
    idempotencyKey?: HeldKey;
  }
}

const header = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** Whether a route honours the header: the API document says so for those that do. */
export const isIdempotent = (config: { idempotent?: boolean } | undefined) => config?.idempotent === true;

/**
 * Adds the key's handling to every route with `config.idempotent`. The key is claimed in the
 * database after the input and the caller are known (so a refused input claims nothing) and
 * before the handler acts; the answer is stored before it is sent, so that a retry that follows
 * it finds it. Nothing is kept in memory: several instances share the keys through the database.
 */
export function registerIdempotency(app: FastifyInstance, keys: IdempotencyKeys) {
  const claim: preHandlerHookHandler = async function (request, reply) {
    const key = keyOf(request);
    // No key, or no caller yet (the handler answers 401): the call acts as any other.
    if (key === undefined || !request.auth) return;
    const userId = request.auth.account.id;
    const found = await keys.claim(userId, key, {
      operation: `${request.method} ${request.url}`,
      requestHash: createHash('sha256')
        .update(JSON.stringify(request.body ?? null))
        .digest('hex'),
    });
    switch (found.kind) {
      case 'claimed':
        request.idempotencyKey = { userId, key, token: found.token };
        return;
      case 'finished':
        return replay(reply, found);
      case 'effect': {
        const answer = {
          statusCode: 200,
          body: await request.routeOptions.config.idempotentAnswer!(request, found.ref),
        };
        return replay(reply, answer);
      }
      case 'in_progress':
        throw new AppError(409, IDEMPOTENCY_TEXT.inProgress);
      case 'reused':
        throw AppError.invalid(IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXT.reused);
    }
  };

  const store: onSendHookHandler = async function (request, reply, payload) {
    const claimed = request.idempotencyKey;
    if (!claimed) return payload;
    request.idempotencyKey = undefined;
    const body = typeof payload === 'string' ? parseJson(payload) : undefined;
    // A fault (5xx) changed nothing that a retry should not do: the key is given up.
    if (reply.statusCode >= 500 || body === undefined) await keys.release(claimed);
    else await keys.complete(claimed, { statusCode: reply.statusCode, body });
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!isIdempotent(route.config)) return;
    if (!route.config?.idempotentAnswer) {
      throw new Error(
        `${route.method} ${route.url} is idempotent but cannot rebuild an answer after a crash`,
      );
    }
    route.preHandler = [...[route.preHandler ?? []].flat(), claim];
    route.onSend = [...[route.onSend ?? []].flat(), store];
  });
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[header];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw AppError.invalid(IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXT.invalidKey);
  }
  return value;
}

function replay(reply: FastifyReply, answer: { statusCode: number; body: unknown }) {
  return reply.code(answer.statusCode).header('idempotent-replayed', 'true').send(answer.body);
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

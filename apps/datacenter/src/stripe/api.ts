import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StripeError } from './errors.ts';
import { expandAnswer } from './expand.ts';
import { decodeForm, pairsOf } from './form.ts';
import { stripeId } from './ids.ts';
import { Params } from './params.ts';
import type { Sandbox } from './sandbox.ts';

export type KeyKind = 'secret' | 'publishable';

/** What a handler gets: the decoded parameters, the kind of key, and the sandbox's own origin. */
export interface Call {
  params: Params;
  key: KeyKind;
  /** Where browsers reach the sandbox (for 3-D Secure pages), taken from the request's Host. */
  origin: string;
  path: Record<string, string>;
}

type Handler = (call: Call) => unknown;

/** Keys are kept for a day, as Stripe keeps them. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * Reads the API key as Stripe does: `Authorization: Bearer <key>` (or Basic with the key as user),
 * or a publishable key in the `key` parameter, as Stripe.js sends it. Test keys only: this is a
 * sandbox.
 */
function keyOf(request: FastifyRequest, params: Params): { kind: KeyKind; value: string } {
  const header = request.headers.authorization ?? '';
  let value = params.string('key') ?? '';
  if (header.startsWith('Bearer ')) value = header.slice(7).trim();
  else if (header.startsWith('Basic ')) {
    value = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
  }
  if (!value) {
    throw new StripeError(
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      {},
      401,
    );
  }
  if (/^(sk|rk)_test_\w+$/.test(value)) return { kind: 'secret', value };
  if (/^pk_test_\w+$/.test(value)) return { kind: 'publishable', value };
  throw new StripeError(
    'authentication_error',
    `Invalid API Key provided: ${value.slice(0, 8)}****${value.slice(-4)}`,
  );
}

const publishableRefused = () =>
  new StripeError(
    'invalid_request_error',
    'This API call cannot be made with a publishable API key. Please use a secret API key.',
    {},
    401,
  );

/**
 * Registers one Stripe API route: decodes the form (or query) into nested parameters, checks the
 * key (`publishable`: Stripe.js may call it too), honours `Idempotency-Key` on POSTs (the same key
 * and parameters answer the first answer again; other parameters are refused), expands ids the
 * `expand[]` parameter names, answers errors in Stripe's shape, and saves the state.
 */
export function stripeRoute(
  app: FastifyInstance,
  sandbox: Sandbox,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { publishable?: boolean },
  handler: Handler,
): void {
  app.route({
    method,
    url,
    handler: (request, reply) => answer(sandbox, request, reply, options, handler),
  });
}

function answer(
  sandbox: Sandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { publishable?: boolean },
  handler: Handler,
) {
  reply.header('request-id', stripeId('req', 14));
  reply.header('access-control-allow-origin', '*');
  const pairs = [...pairsOf(request.query), ...(request.method === 'GET' ? [] : pairsOf(request.body))];
  const params = new Params(decodeForm(pairs));
  const idempotencyKey = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
  let fingerprint = '';
  let storeKey = '';
  try {
    const key = keyOf(request, params);
    if (key.kind === 'publishable' && !options.publishable) throw publishableRefused();
    if (typeof idempotencyKey === 'string' && idempotencyKey) {
      storeKey = `${key.value}:${idempotencyKey}`;
      fingerprint = createHash('sha256')
        .update(`${request.method} ${request.url.split('?')[0]} ${JSON.stringify(pairs.sort())}`)
        .digest('hex');
      const earlier = sandbox.state.idempotency[storeKey];
      if (earlier && earlier.fingerprint !== fingerprint) {
        throw new StripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      if (earlier) return reply.header('idempotent-replayed', 'true').code(earlier.status).send(earlier.body);
    }
    const origin = `${request.protocol}://${request.headers.host ?? request.hostname}`;
    const result = handler({ params, key: key.kind, origin, path: request.params as Record<string, string> });
    const body = expandAnswer(sandbox, result, params.strings('expand'));
    return finish(sandbox, reply, storeKey, fingerprint, 200, body);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    return finish(sandbox, reply, storeKey, fingerprint, error.status, error.body);
  }
}

function finish(
  sandbox: Sandbox,
  reply: FastifyReply,
  storeKey: string,
  fingerprint: string,
  status: number,
  body: unknown,
) {
  const { idempotency } = sandbox.state;
  if (storeKey) {
    const now = sandbox.now();
    for (const [key, entry] of Object.entries(idempotency)) {
      if (entry.createdAt < now - IDEMPOTENCY_TTL_SECONDS) delete idempotency[key];
    }
    idempotency[storeKey] = { fingerprint, status, body, createdAt: now };
  }
  sandbox.save();
  return reply.code(status).send(body);
}

/** Stripe's list object of some items, paged by `limit` and `starting_after`. */
export function listOf<T extends { id: string }>(url: string, items: T[], params: Params) {
  const limit = Math.min(100, Math.max(1, params.integer('limit') ?? 10));
  const after = params.string('starting_after');
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list' as const, url, has_more: start + limit < items.length, data };
}

import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@rackdesk/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIdempotent } from './idempotency.ts';
import { errorAnswersOf, type ErrorStatus } from './route-answers.ts';
import { routeChanges } from './token-access.ts';

/** The groups of operations, in the order a reader meets them. */
const tags = [
  {
    name: 'auth',
    description: 'Sign-in, registration, password reset, e-mail verification and the signed-in user.',
  },
  {
    name: 'account',
    description:
      "The account page: the account's details, the caller's password and signed-in sessions, closing the account.",
  },
  {
    name: 'two-factor',
    description: "The caller's two-factor authentication: its method, confirmation codes and recovery codes.",
  },
  { name: 'events', description: "The signed-in user's live events, as Server-Sent Events." },
  { name: 'services', description: "The account's services, and requests to cancel them." },
  {
    name: 'dedicated',
    description: 'Dedicated servers: details, power, console, reinstall and rescue, bandwidth.',
  },
  { name: 'vps', description: 'First-generation VPS: details, power, ISOs, reinstall, usage and console.' },
  {
    name: 'vps2',
    description: 'VPS v2: details, power, ISOs, reinstall, backups, user templates, upgrades and console.',
  },
  { name: 'storage', description: 'Storage blocks, and attaching them to VPS v2 servers.' },
  { name: 'rdns', description: "Reverse DNS of a server's addresses." },
  { name: 'ssh-keys', description: "The account's SSH public keys, offered when a server is reinstalled." },
  {
    name: 'api-tokens',
    description:
      "The owner's API tokens: bearer tokens for scripts that act as the owner, read-only or full, optionally expiring.",
  },
  {
    name: 'sub-accounts',
    description: "The owner's sub-accounts: logins with chosen permissions and, optionally, chosen services.",
  },
  { name: 'catalog', description: 'The product catalogue, open to guests.' },
  {
    name: 'order',
    description:
      'Placing an order: priced by the server from the catalogue, checked for fraud, and paid through its invoice.',
  },
  { name: 'billing', description: "The account's invoices." },
  {
    name: 'support',
    description:
      "Support tickets: the account's (with the support permission), and guests' opened with a captcha and read with the mailed access key.",
  },
  {
    name: 'operator',
    description:
      'The operator API of support staff (the operator role): every ticket, staff answers and statuses.',
  },
  { name: 'news', description: 'Announcements, open to guests.' },
  { name: 'health', description: 'Whether the server and its database answer, for monitoring.' },
];

const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };

function errorResponse(status: ErrorStatus, description: string) {
  return {
    description,
    ...(status === 429 && {
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } },
    }),
    content: { 'application/json': { schema: errorBodyRef } },
  };
}

interface DocumentedSchema {
  hide?: boolean;
  headers?: unknown;
  security?: unknown[];
  response?: Record<string, unknown>;
}

/** The header of the routes with `config.idempotent` (http/idempotency.ts). */
const idempotencyKeyHeader = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description:
        'Makes a retried call take effect once: a new random value (such as a UUID) per call, sent again unchanged with its retries. A retry after the first call finished gets its status and body again, with the header `Idempotent-Replayed: true`. Kept for 24 hours.',
    },
  },
};

/**
 * Documents one route: its schemas as the zod provider converts them, then the error answers and
 * security requirement that follow from its `config.access` (see route-answers.ts).
 */
const documentRoute: SwaggerTransform = (input) => {
  const documented = jsonSchemaTransform(input);
  const schema = documented.schema as DocumentedSchema;
  if (schema.hide) return documented;
  const { route } = input;
  const { access, answers, rateLimit } = route.config ?? {};
  if (!access) {
    throw new Error(
      `${String(route.method)} ${route.url} has no config.access: the API document cannot say who may call it`,
    );
  }
  const { body, params, querystring } = input.schema;
  const errors = errorAnswersOf({
    hasBody: Boolean(body),
    hasInput: Boolean(body || params || querystring),
    rateLimited: rateLimit !== false,
    access,
    changes: routeChanges(route.method, route.config),
    idempotent: isIdempotent(route.config),
    answers,
  });
  if (isIdempotent(route.config)) schema.headers = idempotencyKeyHeader;
  schema.response = {
    ...schema.response,
    ...Object.fromEntries(
      Object.entries(errors).map(([status, description]) => [
        status,
        errorResponse(Number(status) as ErrorStatus, description),
      ]),
    ),
  };
  if (access === 'public') schema.security = [];
  return documented;
};

/**
 * Every error answer refers to one ErrorBody schema, so that a generated client has one error
 * type. It is open to more fields: the event stream's 406 (from the SSE plugin) adds `statusCode`.
 */
const addErrorBody: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const components: { schemas?: Record<string, unknown> } = (openapiObject.components ??= {});
  components.schemas = {
    ...components.schemas,
    ErrorBody: z.toJSONSchema(errorBodySchema.loose(), { target: 'openapi-3.0' }),
  };
  return openapiObject;
};

/**
 * The OpenAPI document (`/api/docs/json`) generated from the routes and the contract, and its UI
 * (`/api/docs`). The UI loads only its own files and has no inline script, so the app's CSP
 * (security-headers.ts) applies to it unchanged.
 */
export async function registerApiDocument(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rackdesk API',
        version: '1.0.0',
        description:
          'The API of the Rackdesk customer panel. Sign in with `POST /api/login` and send the token as `Authorization: Bearer <token>`, or send an API token the owner created (`POST /api/api-tokens`) the same way: it acts as the owner, except on the calls that manage credentials (403 `session_required`), and a read-only one is refused every call that changes something (403 `read_only_token`). Every error answer is an `ErrorBody`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      tags,
    },
    transform: documentRoute,
    transformObject: addErrorBody,
  });
  // The document's pages are open to anyone, declared so like every other API route.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}

import { IDEMPOTENCY_KEY_HEADER } from '@rackdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { JsonSchema, Resolve } from './schema-values.ts';

/** One route that takes input, with the schemas of each place it reads it from. */
export interface InputRoute {
  /** "POST /api/services/{id}/cancel", as the API document writes it. */
  name: string;
  method: string;
  path: string;
  isPublic: boolean;
  idempotent: boolean;
  pathParams: { name: string; schema: JsonSchema }[];
  /** The query parameters as one object schema. */
  query?: JsonSchema;
  /** JSON when the route takes it, else its one other content type. */
  body?: { contentType: string; schema: JsonSchema; multipart: boolean };
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * Every route of the running app that reads a body, a query string or a path, from the API
 * document the app serves: it is generated from the routes as registered, with the schemas they
 * validate with, so a new route is fuzzed without a change here.
 */
export async function inputRoutes(app: FastifyInstance): Promise<{ routes: InputRoute[]; resolve: Resolve }> {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`no API document: ${answer.statusCode}`);
  const document = answer.json() as ApiDocument;
  const resolve: Resolve = (ref) => {
    const schema = document.components?.schemas?.[ref.replace('#/components/schemas/', '')];
    if (!schema) throw new Error(`the API document has no ${ref}`);
    return schema;
  };
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => routeOf(path, method.toUpperCase(), operation)),
  );
  // Routes the document leaves out (hidden ones, such as PayPal's return to an invoice page) still
  // read their path: fuzzed as plain text.
  const known = new Set(documented.map((route) => route.name));
  const hidden = registeredRoutes(app)
    .filter(({ method, path }) => !known.has(`${method} ${path}`) && path.includes('{'))
    .map(({ method, path }) =>
      routeOf(path, method, {
        security: [],
        parameters: [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
          in: 'path' as const,
          name: name!,
          schema: { type: 'string' },
        })),
      }),
    );
  return {
    routes: [...documented, ...hidden].filter(
      (route) => route.body || route.query || route.pathParams.length > 0,
    ),
    resolve,
  };
}

/** Every method and path the app has registered (HEAD aside), from its route table (http/route-table.ts). */
export function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  return app.routeTable
    .filter((route) => route.method !== 'HEAD')
    .map((route) => ({ method: route.method, path: route.url.replace(/:(\w+)/g, '{$1}') }));
}

function routeOf(path: string, method: string, operation: Operation): InputRoute {
  const parameters = operation.parameters ?? [];
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const contentType = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
  return {
    name: `${method} ${path}`,
    method,
    path,
    isPublic: operation.security?.length === 0,
    idempotent: parameters.some(
      (parameter) => parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY_HEADER,
    ),
    pathParams: parameters
      .filter((parameter) => parameter.in === 'path')
      .map(({ name, schema }) => ({ name, schema })),
    ...(queryParameters.length > 0 && {
      query: {
        type: 'object',
        properties: Object.fromEntries(queryParameters.map(({ name, schema }) => [name, schema])),
        required: queryParameters.filter((parameter) => parameter.required).map(({ name }) => name),
      },
    }),
    ...(contentType && {
      body: {
        contentType,
        schema: content[contentType]!.schema,
        // Routes that also take forms (ticket messages with images) get the same values as parts.
        multipart: 'multipart/form-data' in content,
      },
    }),
  };
}

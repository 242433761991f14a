import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * How answers become JSON:
 * - `zod`: every answer is checked against its route's zod schema, then stringified (development);
 * - `compiled`: a serialiser compiled from the schema's JSON Schema writes it, with no check
 *   (production: the tests have checked the shapes, and checking them again costs every request);
 * - `checked`: both, and any difference between the JSON values they write is an error (tests),
 *   so that the compiled serialiser is proved to write what the checked one does on every answer
 *   the tests see (key order aside: it writes required keys first).
 */
export type ResponseSerializer = 'zod' | 'compiled' | 'checked';

type Serialize = (data: unknown) => string;
type SerializerFactory = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type RouteSchema = Parameters<SerializerFactory>[0];

const zodSerializer = createSerializerCompiler({}) as unknown as (route: RouteSchema) => Serialize;

/**
 * The JSON Schema of a route's answer as the caller receives it, with objects left open: zod
 * drops unknown keys instead of refusing them, and so does the compiled serialiser, but its
 * choice between the branches of a union validates them, where `additionalProperties: false`
 * would refuse a row that carries one key more than the branch (a 500 instead of the answer).
 */
export function answerJsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
}

/**
 * A fast-json-stringify serialiser for a zod schema. It drops unknown properties, as zod's
 * parse does; the `checked` mode guards the rest (its coercions, unions, nullables).
 */
export function compileSerializer(schema: z.ZodType): Serialize {
  return fastJson(answerJsonSchema(schema) as Parameters<typeof fastJson>[0]) as Serialize;
}

/** Compiles on first use: most routes of a test app are never called. */
function lazily(build: () => Serialize): Serialize {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= build())(data);
}

export function serializerCompiler(mode: ResponseSerializer): SerializerFactory {
  const factory = (route: RouteSchema): Serialize => {
    const { schema, method, url } = route as RouteSchema & { schema: z.ZodType };
    if (mode === 'zod') return zodSerializer(route);
    const compiled = lazily(() => compileSerializer(schema));
    if (mode === 'compiled') return compiled;
    const checked = zodSerializer(route);
    return (data) => {
      const expected = checked(data);
      const actual = compiled(data);
      // The same JSON value: fast-json-stringify writes required keys before optional ones, an
      // order no JSON reader may depend on.
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `The compiled serialiser of ${method} ${url} wrote ${actual} where the checked one wrote ${expected}`,
        );
      }
      return expected;
    };
  };
  return factory as unknown as FastifySchemaCompiler<unknown> as SerializerFactory;
}

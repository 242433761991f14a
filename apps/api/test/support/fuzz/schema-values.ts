import fc from 'fast-check';

/** The part of JSON Schema that the API document uses for request bodies, queries and paths. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** A bound of its own (JSON Schema), or whether minimum/maximum is exclusive (OpenAPI 3.0). */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  default?: unknown;
}

/** Resolves `#/components/schemas/…` references against the document they come from. */
export type Resolve = (ref: string) => JsonSchema;

/** Values known to name real things, by field name (`invoiceid`: the caller's invoice). */
export type FieldHints = (field: string) => readonly unknown[];

const noHints: FieldHints = () => [];

// Long enough to reach a length limit now and then, short enough to keep a run quick.
const EXTRA_LENGTH = 40;
const EXTRA_ITEMS = 3;
// Beyond this depth a recursive schema stops growing.
const MAX_DEPTH = 6;

/**
 * Values that fit a route's schema as the API document states it: the starting point of every
 * near-valid request, so that one mutation on top of it tests one rule at a time. The document
 * cannot state zod's refinements (no control characters, a real product id), so some of these
 * values are refused all the same; what matters is that most reach the route's own logic.
 */
export function schemaValues(
  schema: JsonSchema,
  resolve: Resolve,
  depth = 0,
  hints: FieldHints = noHints,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return schemaValues(resolve(schema.$ref), resolve, depth, hints);
  if (schema.nullable) {
    return fc.oneof(fc.constant(null), schemaValues({ ...schema, nullable: false }, resolve, depth, hints));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => schemaValues(branch, resolve, depth + 1, hints)));
  if (schema.allOf)
    return schemaValues(Object.assign({}, ...schema.allOf) as JsonSchema, resolve, depth, hints);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => schemaValues({ ...schema, type }, resolve, depth, hints)));
  }
  switch (schema.type) {
    case 'string':
      return stringValues(schema);
    case 'integer':
      return fc.integer(numberRange(schema, 1));
    case 'number':
      return fc.double({ ...numberRange(schema, Number.EPSILON), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + EXTRA_ITEMS, minLength + EXTRA_ITEMS);
      if (!schema.items || depth >= MAX_DEPTH) return fc.constant([]);
      return fc.array(schemaValues(schema.items, resolve, depth + 1, hints), { minLength, maxLength });
    }
    case 'object':
      return objectValues(schema, resolve, depth, hints);
    default:
      // An open schema ({}) takes anything JSON can say.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValues(
  schema: JsonSchema,
  resolve: Resolve,
  depth: number,
  hints: FieldHints,
): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    if (typeof schema.additionalProperties === 'object' && depth < MAX_DEPTH) {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        schemaValues(schema.additionalProperties, resolve, depth + 1, hints),
        {
          maxKeys: EXTRA_ITEMS,
        },
      );
    }
    return fc.constant({});
  }
  const required = schema.required ?? [];
  // A deep optional property is left out rather than grown without end.
  const kept = properties.filter(([name]) => depth < MAX_DEPTH || required.includes(name));
  return fc.record(
    Object.fromEntries(
      kept.map(([name, property]) => [name, fieldValues(name, property, resolve, depth + 1, hints)]),
    ),
    { requiredKeys: required.filter((name) => kept.some(([key]) => key === name)) },
  );
}

/** A field's values: half the time a real one when its name is known, so the call gets past "not found". */
function fieldValues(name: string, schema: JsonSchema, resolve: Resolve, depth: number, hints: FieldHints) {
  const values = schemaValues(schema, resolve, depth, hints);
  const real = hints(name);
  return real.length > 0 ? fc.oneof(fc.constantFrom(...real), values) : values;
}

function stringValues(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + EXTRA_LENGTH, minLength + EXTRA_LENGTH);
  const fits = (text: string) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl().filter(fits);
    case 'uuid':
      return fc.uuid();
  }
  if (schema.pattern) {
    const pattern = patternOf(schema.pattern);
    if (pattern) return fc.stringMatching(pattern).filter(fits);
  }
  return fc.string({ minLength, maxLength });
}

/** A pattern as a JavaScript regular expression (zod writes them for JavaScript), or none if it isn't one. */
function patternOf(source: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      // Tried again without the Unicode flag, then left to plain strings.
    }
  }
  return undefined;
}

function numberRange(schema: JsonSchema, step: number) {
  const bound = (value: number) =>
    Math.max(Math.min(value, Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
  const edge = (
    bound: number | undefined,
    exclusive: number | boolean | undefined,
    fallback: number,
    inward: number,
  ) =>
    typeof exclusive === 'number'
      ? exclusive + inward
      : bound === undefined
        ? fallback
        : bound + (exclusive ? inward : 0);
  const min = edge(schema.minimum, schema.exclusiveMinimum, -1_000_000, step);
  const max = edge(schema.maximum, schema.exclusiveMaximum, 1_000_000, -step);
  return { min: bound(min), max: bound(Math.max(min, max)) };
}

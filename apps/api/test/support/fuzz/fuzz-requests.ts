import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@rackdesk/contract';
import fc from 'fast-check';
import { multipartBody } from '../multipart.ts';
import { hostileText } from './hostile-values.ts';
import type { InputRoute } from './input-routes.ts';
import { nearValid } from './near-valid.ts';
import { type FieldHints, type Resolve, schemaValues } from './schema-values.ts';

export const FUZZ_KINDS = ['body', 'query', 'path'] as const;
export type FuzzKind = (typeof FUZZ_KINDS)[number];

/** One generated request, without the caller's credentials (the runner adds those). */
export interface FuzzRequest {
  kind: FuzzKind;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  asGuest: boolean;
  /** What was generated, for the failure report. */
  description: string;
  /** Every string the request carries, which an answer may repeat without leaking anything. */
  sent: string[];
}

/** Values known to name real things (the caller's own services, tickets, products), per route and parameter. */
export type RealValues = (route: InputRoute, parameter: string) => string[];

export interface FuzzSources {
  resolve: Resolve;
  realValues: RealValues;
  fieldHints: FieldHints;
}

export function takesKind(route: InputRoute, kind: FuzzKind): boolean {
  return kind === 'body'
    ? Boolean(route.body)
    : kind === 'query'
      ? Boolean(route.query)
      : route.pathParams.length > 0;
}

/**
 * Requests to `route` with one place fuzzed (`kind`) and the others as a real client would send
 * them, so that what is fuzzed reaches the route's own rules: the path names real things when
 * there are some, the query and the body fit the schema.
 */
export function fuzzRequests(
  route: InputRoute,
  kind: FuzzKind,
  sources: FuzzSources,
): fc.Arbitrary<FuzzRequest> {
  const parts = fc.record({
    path: kind === 'path' ? fuzzedPath(route, sources) : plainPath(route, sources),
    query: kind === 'query' ? fuzzedQuery(route.query!, sources) : plainQuery(route, sources),
    body: kind === 'body' ? fuzzedBody(route.body!, sources) : plainBody(route, sources),
    asGuest: route.isPublic ? fc.boolean() : fc.constant(false),
  });
  return parts.map(({ path, query, body, asGuest }) => ({
    kind,
    method: route.method,
    url: `${path.text}${query.text ? `?${query.text}` : ''}`,
    headers: {
      ...body.headers,
      ...(route.idempotent && { [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: randomUUID() }),
    },
    ...(body.payload !== undefined && { payload: body.payload }),
    asGuest,
    description: [path, query, body].find((part) => part.fuzzed)?.description ?? '',
    sent: [...path.sent, ...query.sent, ...body.sent],
  }));
}

interface Part {
  text: string;
  fuzzed: boolean;
  description: string;
  sent: string[];
}
interface BodyPart extends Part {
  payload?: string;
  headers: Record<string, string>;
}

// ---- paths ----

/** The text with each lone surrogate, which has no UTF-8 form, as U+FFFD (what a browser sends). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');

/** Text as it goes into a URL. */
const encode = (text: string) => encodeURIComponent(wellFormed(text));

/**
 * Written into the path as they are: broken escapes, dot segments, separators, and ids of ten
 * digits past PostgreSQL's integer (which a digits-only pattern alone lets through).
 */
const RAW_PATH_SEGMENTS = [
  '2147483648',
  '9999999999',
  '%',
  '%zz',
  '%00',
  '%0a',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%ff',
  '%c0%af',
  ';',
  '*',
  '~',
  '%20',
];

const pathOf = (route: InputRoute, values: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');

function paramValues(
  route: InputRoute,
  name: string,
  schemaOf: InputRoute['pathParams'][number]['schema'],
  sources: FuzzSources,
) {
  const real = sources.realValues(route, name);
  return real.length > 0
    ? fc.constantFrom(...real)
    : schemaValues(schemaOf, sources.resolve).map((value) => encode(String(value)));
}

function plainPath(route: InputRoute, sources: FuzzSources): fc.Arbitrary<Part> {
  const values = Object.fromEntries(
    route.pathParams.map(({ name, schema }) => [name, paramValues(route, name, schema, sources)]),
  );
  return fc
    .record(values)
    .map((chosen) => ({ text: pathOf(route, chosen), fuzzed: false, description: '', sent: [] }));
}

function fuzzedPath(route: InputRoute, sources: FuzzSources): fc.Arbitrary<Part> {
  return fc.record({ pick: fc.nat(), plain: plainPath(route, sources) }).chain(({ pick }) => {
    const target = route.pathParams[pick % route.pathParams.length]!;
    const real = sources.realValues(route, target.name);
    const value = fc.oneof(
      schemaValues(target.schema, sources.resolve).map((value) => encode(String(value))),
      hostileText.map(encode),
      fc.constantFrom(...RAW_PATH_SEGMENTS),
      ...(real.length > 0
        ? [
            fc.constantFrom(...real),
            fc
              .constantFrom(...real)
              .chain((id) =>
                fc.constantFrom(
                  `${id}.0`,
                  `0${id}`,
                  `${id}%00`,
                  `-${id}`,
                  `${id}e0`,
                  `+${id}`,
                  `${id}%20`,
                  `${id}/..`,
                ),
              ),
          ]
        : []),
    );
    const others = Object.fromEntries(
      route.pathParams
        .filter(({ name }) => name !== target.name)
        .map(({ name, schema }) => [name, paramValues(route, name, schema, sources)]),
    );
    return fc.record({ value, others: fc.record(others) }).map(({ value, others }) => ({
      text: pathOf(route, { ...others, [target.name]: value }),
      fuzzed: true,
      description: `path ${target.name} = ${preview(value)}`,
      sent: [value, safeDecode(value)],
    }));
  });
}

// ---- query strings ----

const RAW_QUERIES = [
  '%',
  '%zz',
  'a=%',
  '&&&&',
  '=',
  '==x',
  '%00=%00',
  'x[]=1&x[]=2',
  'a[b][c]=1',
  '?',
  ';',
  '%ff%fe',
];

function plainQuery(route: InputRoute, sources: FuzzSources): fc.Arbitrary<Part> {
  if (!route.query) return fc.constant({ text: '', fuzzed: false, description: '', sent: [] });
  return schemaValues(route.query, sources.resolve, 0, sources.fieldHints).map((value) => ({
    text: queryText(value),
    fuzzed: false,
    description: '',
    sent: strings(value),
  }));
}

function fuzzedQuery(schema: InputRoute['query'] & object, sources: FuzzSources): fc.Arbitrary<Part> {
  const names = Object.keys(schema.properties ?? {});
  const named = names.length > 0 ? fc.constantFrom(...names) : fc.string({ minLength: 1, maxLength: 8 });
  const mutated = nearValid(schemaValues(schema, sources.resolve, 0, sources.fieldHints)).map(
    ({ value, mutation }) => ({
      text: queryText(value),
      description: `query ${mutation}: ${preview(queryText(value))}`,
      sent: strings(value),
    }),
  );
  const shaped = fc
    .oneof(
      fc.constantFrom(...RAW_QUERIES),
      fc
        .tuple(named, hostileText)
        .map(([name, value]) => `${name}=${encode(value)}&${name}=${encode(value)}`),
      fc.tuple(named, hostileText).map(([name, value]) => `${name}[]=${encode(value)}`),
      fc.tuple(named, hostileText).map(([name, value]) => `${name}[$gt]=${encode(value)}`),
      fc.tuple(named, fc.constantFrom(...RAW_QUERIES)).map(([name, raw]) => `${name}=${raw}`),
      fc.string({ unit: 'grapheme', maxLength: 60 }).map(encode),
    )
    .map((text) => ({ text, description: `query ${preview(text)}`, sent: [text, safeDecode(text)] }));
  return fc
    .oneof({ weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: shaped })
    .map((part) => ({ ...part, fuzzed: true }));
}

/** A query object as a form would send it: arrays as repeated keys, objects in brackets. */
function queryText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `value=${encode(scalar(value))}`;
  return Object.entries(value)
    .flatMap(([name, item]) => {
      if (item === undefined) return [];
      if (Array.isArray(item)) return item.map((each) => `${encode(name)}=${encode(scalar(each))}`);
      if (typeof item === 'object' && item !== null) {
        return Object.entries(item).map(
          ([key, each]) => `${encode(name)}[${encode(key)}]=${encode(scalar(each))}`,
        );
      }
      return [`${encode(name)}=${encode(scalar(item))}`];
    })
    .join('&');
}

const scalar = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

// ---- bodies ----

/** JSON that does not parse, or parses into something a JSON body should not be. */
const INVALID_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"a":01}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\u0000',
  '\uFEFF{}',
  '"just a string"',
  '12',
  'null',
  '[]',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/jsonx',
  'text/json',
];

function plainBody(route: InputRoute, sources: FuzzSources): fc.Arbitrary<BodyPart> {
  if (!route.body) return fc.constant({ text: '', fuzzed: false, description: '', sent: [], headers: {} });
  const { contentType, schema } = route.body;
  return schemaValues(schema, sources.resolve, 0, sources.fieldHints).map((value) => ({
    ...bodyOf(contentType, value),
    text: '',
    fuzzed: false,
    description: '',
    sent: strings(value),
  }));
}

function fuzzedBody(body: NonNullable<InputRoute['body']>, sources: FuzzSources): fc.Arbitrary<BodyPart> {
  const valid = schemaValues(body.schema, sources.resolve, 0, sources.fieldHints);
  const raw = (contentType: string | undefined, payload: string, description: string) => ({
    payload,
    headers: (contentType ? { 'content-type': contentType } : {}) as Record<string, string>,
    description,
    sent: [payload],
  });
  const variants = fc.oneof(
    {
      weight: 6,
      arbitrary: nearValid(valid).map(({ value, mutation }) => ({
        ...bodyOf(body.contentType, value),
        description: `body ${mutation}`,
        sent: strings(value),
      })),
    },
    ...(body.multipart
      ? [
          {
            weight: 4,
            arbitrary: nearValid(valid).map(({ value, mutation }) => ({
              ...formOf(value),
              description: `body as form parts, ${mutation}`,
              sent: strings(value),
            })),
          },
        ]
      : []),
    {
      weight: 2,
      arbitrary: fc.anything({ maxDepth: 3 }).map((value) => ({
        ...bodyOf('application/json', value),
        description: 'body anything',
        sent: strings(value),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: 'binary', maxLength: 60 }))
        .map((text) => raw('application/json', text, `body invalid JSON ${preview(text)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), valid)
        .map(([type, value]) => raw(type, JSON.stringify(value) ?? '', `body as ${type}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        raw('application/json', '', 'body empty, typed JSON'),
        raw(undefined, '', 'body empty, untyped'),
        raw('application/json', ' \n\t ', 'body blank, typed JSON'),
      ),
    },
  );
  return variants.map((part) => ({ ...part, text: '', fuzzed: true }));
}

/** A value as the route's content type carries it (forms flatten it like a query string). */
function bodyOf(contentType: string, value: unknown): { payload?: string; headers: Record<string, string> } {
  if (contentType === 'application/x-www-form-urlencoded') {
    return {
      payload: typeof value === 'string' ? value : queryText(value),
      headers: { 'content-type': contentType },
    };
  }
  const payload = JSON.stringify(value);
  return payload === undefined
    ? { headers: {} }
    : { payload, headers: { 'content-type': 'application/json' } };
}

/** A value as multipart/form-data text parts: arrays as repeated parts, objects as JSON. */
function formOf(value: unknown): { payload: string; headers: Record<string, string> } {
  const entries =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
      : [['value', value]];
  const parts = entries.flatMap(([name, item]) =>
    (Array.isArray(item) ? item : [item])
      .filter((each) => each !== undefined)
      .map((each) => ({ name: String(name).replaceAll('"', '%22'), value: scalar(each) })),
  );
  const { payload, headers } = multipartBody(parts, 'fuzz-boundary-19');
  return { payload: payload.toString('utf8'), headers };
}

// ---- reporting ----

/** Every string in a value (keys too), for the echo check of the answers. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value, wellFormed(value)];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  }
  return [];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const preview = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text;
};

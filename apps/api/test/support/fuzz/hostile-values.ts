import fc from 'fast-check';

/** Text that has broken input handling elsewhere: SQL, markup and template injection, traversal. */
export const INJECTION_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR 1=1 --',
  "' UNION SELECT password_hash FROM users --",
  "1' AND pg_sleep(0)--",
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '{"$gt":""}',
  '__proto__',
  'constructor',
] as const;

/** Text no form sends on purpose: control characters, bidirectional overrides, lone surrogates, emoji. */
export const UNICODE_STRINGS = [
  'nul\u0000byte',
  '\u0001\u0002\u001f\u007f',
  'line\nbreak\r\n',
  'tab\there',
  '\u0085next-line',
  '\u2028\u2029',
  '\u202Eevil.exe\u202C',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '👩‍💻🚀🏳️‍🌈',
  'Z\u0364\u0351\u0313a\u0308\u0347\u0353l\u036E\u0312g\u0327o',
  'Ｒａｃｋ１２３',
  '١٢٣',
  'İıß',
] as const;

/** Numbers at and past every edge an id, an amount or a count has. */
export const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
] as const;

/** The same numbers and words as text, where a schema might coerce them. */
export const NUMBER_LIKE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '1e308',
  '0x1F',
  '+1',
  '01',
  '1.0',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'null',
  'undefined',
  '99999999999999999999999999',
] as const;

/** Arrays or objects nested `depth` deep. */
export const nested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
};

const hugeString = fc
  .constantFrom(1_000, 70_000, 300_000)
  .chain((length) => fc.constantFrom('x', '9', 'é', '😀').map((unit) => unit.repeat(length)));

/**
 * One value of the wrong kind for whatever field it replaces: wrong JSON types, numbers at the
 * edges, huge and deeply nested values, hostile Unicode and injection strings, then anything.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(true, false, null, [], {}, [203], ['203'], { id: 1 }),
  fc.constantFrom<unknown>(...EDGE_NUMBERS),
  fc.constantFrom<unknown>(...NUMBER_LIKE_STRINGS),
  fc.constantFrom<unknown>(...INJECTION_STRINGS),
  fc.constantFrom<unknown>(...UNICODE_STRINGS),
  hugeString,
  fc
    .tuple(fc.constantFrom(64, 400, 1_000), fc.constantFrom('array' as const, 'object' as const))
    .map(([depth, kind]) => nested(depth, kind)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.double(),
  fc.anything({ maxDepth: 3 }),
);

/** Text of the same kinds, for places that only carry text (paths, query strings). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom<string>(...NUMBER_LIKE_STRINGS),
  fc.constantFrom<string>(...INJECTION_STRINGS),
  fc.constantFrom<string>(...UNICODE_STRINGS),
  fc.constantFrom(...EDGE_NUMBERS).map(String),
  hugeString.map((text) => text.slice(0, 5_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, type ResponseSerializer, serializerCompiler } from './response-serializer.ts';

const serializerOf = (mode: ResponseSerializer, schema: z.ZodType) =>
  (serializerCompiler(mode) as unknown as (route: object) => (data: unknown) => string)({
    schema,
    method: 'GET',
    url: '/example',
    httpStatus: '200',
  });

describe('the compiled response serialiser', () => {
  it('writes what zod and JSON.stringify write, unknown keys dropped', () => {
    const schema = z.object({
      id: z.number(),
      name: z.string(),
      note: z.string().optional(),
      parent: z.object({ id: z.number() }).nullable(),
      tags: z.array(z.string()),
      fields: z.record(z.string(), z.string()),
      answer: z.union([z.object({ token: z.string() }), z.object({ requires_2fa: z.literal(true) })]),
    });
    const data = {
      id: 7,
      name: 'A "quoted" name\n',
      note: undefined,
      parent: null,
      tags: ['a', 'é'],
      fields: { b: 'c' },
      // One key more than the branch: zod drops it, and so must the compiled serialiser (not refuse it).
      answer: { requires_2fa: true as const, message: 'Enter your code.' },
      passwordHash: 'never sent',
    };
    const expected = JSON.stringify(z.encode(schema, data));
    expect(expected).not.toContain('passwordHash');
    expect(compileSerializer(schema)(data)).toBe(expected);
    expect(serializerOf('compiled', schema)(data)).toBe(expected);
    expect(serializerOf('checked', schema)(data)).toBe(expected);
  });

  it('in the checked mode, refuses an answer the two serialisers would write differently', () => {
    const schema = z.object({ a: z.object({ b: z.string().optional() }) });
    // The compiled serialiser honours toJSON where zod copies the known keys only.
    const data = { a: { toJSON: () => ({ b: 'y' }) } };
    expect(() => serializerOf('checked', schema)(data)).toThrow(/compiled serialiser of GET \/example/);
  });

  it('in the zod and checked modes, refuses an answer that does not fit its schema', () => {
    const schema = z.object({ id: z.number() });
    expect(() => serializerOf('zod', schema)({ id: 'seven' })).toThrow();
    expect(() => serializerOf('checked', schema)({ id: 'seven' })).toThrow();
  });
});

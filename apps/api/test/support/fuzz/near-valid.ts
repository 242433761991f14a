import fc from 'fast-check';
import { hostileValue } from './hostile-values.ts';

type Key = string | number;

/** A value with one thing wrong, and a description of that thing for the failure report. */
export interface NearValid {
  value: unknown;
  mutation: string;
}

/**
 * Turns values that fit a schema into values with exactly one thing wrong: a field (or the whole
 * value) replaced by a hostile one, a field left out, or a field added. One change at a time makes
 * each request test one rule, past the others that the value keeps.
 */
export function nearValid(valid: fc.Arbitrary<unknown>): fc.Arbitrary<NearValid> {
  return fc
    .record({
      value: valid,
      kind: fc.constantFrom('replace', 'replace', 'remove', 'extra'),
      pick: fc.nat(),
      replacement: hostileValue,
      extraName: fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'id',
          'user_id',
          'userId',
          'role',
          'admin',
          'status',
          'amount',
        ),
        fc.string({ minLength: 1, maxLength: 20 }),
      ),
    })
    .map(({ value, kind, pick, replacement, extraName }) => {
      const copy = structuredClone(value);
      if (kind === 'remove') {
        const fields = paths(copy).filter((path) => path.length > 0 && typeof path.at(-1) === 'string');
        const path = fields[pick % Math.max(fields.length, 1)];
        if (path) {
          delete (at(copy, path.slice(0, -1)) as Record<string, unknown>)[path.at(-1) as string];
          return { value: copy, mutation: `without ${describe(path)}` };
        }
      }
      if (kind === 'extra') {
        const objects = paths(copy).filter((path) => isObject(at(copy, path)));
        const path = objects[pick % Math.max(objects.length, 1)];
        if (path) {
          // defineProperty, so that "__proto__" becomes a field of its own, as JSON.parse makes it.
          Object.defineProperty(at(copy, path), extraName, {
            value: replacement,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return { value: copy, mutation: `extra field ${describe([...path, extraName])}` };
        }
      }
      const all = paths(copy);
      const path = all[pick % all.length] ?? [];
      if (path.length === 0) return { value: replacement, mutation: 'replaced whole' };
      (at(copy, path.slice(0, -1)) as Record<Key, unknown>)[path.at(-1)!] = replacement;
      return { value: copy, mutation: `replaced ${describe(path)}` };
    });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every place in a value, the value itself first. */
function paths(value: unknown, prefix: Key[] = []): Key[][] {
  const children = Array.isArray(value)
    ? value.map((item, index) => paths(item, [...prefix, index]))
    : isObject(value)
      ? Object.entries(value).map(([key, item]) => paths(item, [...prefix, key]))
      : [];
  return [prefix, ...children.flat()];
}

function at(value: unknown, path: Key[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<Key, unknown>)[key], value);
}

const describe = (path: Key[]) => (path.length === 0 ? 'the value' : path.join('.'));

/** A form-encoded Stripe request, decoded: nested objects and arrays of strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * Turns the flat pairs of a Stripe request (`metadata[invoice_id]=7`, `expand[0]=latest_charge`,
 * `expand[]=customer`) into the nested object they stand for, as Stripe reads them. Keys that do
 * not follow the bracket syntax are kept as they are.
 */
export function decodeForm(pairs: Iterable<[string, string]>): Form {
  const root: Form = {};
  for (const [key, value] of pairs) {
    const match = KEY.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Form | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      const part = path[i]!;
      const nextIsArray = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!));
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsArray ? [] : {}) as Form | FormValue[];
      } else if (last) {
        node[part] = value;
      } else {
        const existing = node[part];
        node = (typeof existing === 'object' ? existing : (node[part] = nextIsArray ? [] : {})) as
          Form | FormValue[];
      }
    }
  }
  return root;
}

/** The pairs of a query string or a form body as Fastify hands them over (a flat record). */
export const pairsOf = (record: unknown): [string, string][] =>
  record && typeof record === 'object'
    ? Object.entries(record as Record<string, unknown>).flatMap(([key, value]) =>
        Array.isArray(value) ? value.map((v): [string, string] => [key, String(v)]) : [[key, String(value)]],
      )
    : [];

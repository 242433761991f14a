import type { Sandbox } from './sandbox.ts';
import type { StripeState } from './state.ts';

const collectionOfPrefix: Record<string, keyof StripeState> = {
  pm: 'paymentMethods',
  ch: 'charges',
  cus: 'customers',
  pi: 'paymentIntents',
  seti: 'setupIntents',
  re: 'refunds',
};

function lookup(sandbox: Sandbox, id: string): unknown {
  const collection = collectionOfPrefix[id.slice(0, id.indexOf('_'))];
  const record = collection ? (sandbox.state[collection] as Record<string, unknown>) : undefined;
  return record && Object.hasOwn(record, id) ? record[id] : id;
}

/**
 * A copy of an answer with the `expand[]` paths filled (`latest_charge`, `payment_method`,
 * `invoice_settings.default_payment_method`, `data.customer` for lists…), as Stripe expands ids
 * into their objects.
 */
export function expandAnswer(sandbox: Sandbox, answer: unknown, paths: readonly string[]): unknown {
  const copy = structuredClone(answer);
  for (const path of paths) expandPath(sandbox, copy, path.split('.'));
  return copy;
}

function expandPath(sandbox: Sandbox, node: unknown, parts: string[]): void {
  if (!node || typeof node !== 'object' || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (Array.isArray(node)) {
    for (const item of node) expandPath(sandbox, item, parts);
    return;
  }
  const record = node as Record<string, unknown>;
  if (head === 'data' && Array.isArray(record.data)) return expandPath(sandbox, record.data, rest);
  const value = record[head];
  if (typeof value === 'string' && rest.length === 0) record[head] = structuredClone(lookup(sandbox, value));
  else if (typeof value === 'string') {
    record[head] = structuredClone(lookup(sandbox, value));
    expandPath(sandbox, record[head], rest);
  } else expandPath(sandbox, value, rest);
}

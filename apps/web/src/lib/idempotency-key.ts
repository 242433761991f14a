import { useCallback, useState } from 'react';

/** A random key for the `Idempotency-Key` header (crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of one intended action (a deposit, a credit change): pressing the button
 * again after a failure the browser could not read sends the same key, so the server acts once.
 * `renew` after the action succeeded or its input changed makes the next one a new action.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/**
 * The `Idempotency-Key` header of calls that move money or raise invoices: a retried call with the
 * same key takes effect once, and answers what the first one answered.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Up to 255 visible ASCII characters, such as a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_TEXT = {
  invalidKey: 'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  reused: 'This Idempotency-Key was already used for another request. Use a new key for each new request.',
} as const;

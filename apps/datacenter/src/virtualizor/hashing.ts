import { createHash } from 'node:crypto';

/** Hex SHA-256: how the simulator keeps root passwords (it never needs them back). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A number from 0 to 2^32 - 1 fixed by the text: sizes, seeds and ids that stay the same run after run. */
export function stableNumber(text: string): number {
  return parseInt(sha256(text).slice(0, 8), 16);
}

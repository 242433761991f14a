import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable URL-safe secret (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `digits` digits, uniformly random. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Secrets are stored only as this digest, so a database leak reveals no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

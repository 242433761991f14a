import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: the object's prefix and 24 random letters and digits (`pi_3Q…`). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${text}`;
}

import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@rackdesk/contract';
import { sha256 } from '../../lib/tokens.ts';

/** The contract's alphabet: lower-case letters and digits without look-alikes (i, l, o, 0, 1). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP_LENGTH = 5;

/** A set of fresh recovery codes (ten characters, about 50 bits each), all different. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`${randomGroup()}-${randomGroup()}`);
  return [...codes];
}

function randomGroup(): string {
  let group = '';
  for (let i = 0; i < GROUP_LENGTH; i += 1)
    group += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return group;
}

/** Whether a code typed at a code step is a recovery code rather than a 6-digit one. */
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase());

/**
 * What is stored of a recovery code: its digest salted with the user's id, so the same code of
 * two users differs and a code is looked up by (user, digest). The codes are random enough that a
 * fast digest serves, as for session tokens; the letter case a person types does not matter.
 */
export const recoveryCodeHash = (userId: number, code: string) =>
  sha256(`recovery-code:${userId}:${code.trim().toLowerCase()}`);

import { RECOVERY_CODE_PATTERN, TWO_FACTOR_CODE_LENGTH } from '@rackdesk/contract';

const SIX_DIGITS = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);

/** The contract's text for a code step answer that is neither form. */
export const LOGIN_CODE_INVALID = 'The code must be exactly 6 digits, or a recovery code.';

/**
 * The login's code step as the contract's `loginCodeSchema` reads it: the 6-digit code of the
 * account's method, or a recovery code in any letter case, spaces around ignored. Returns the
 * code to send, or null. (The login page keeps zod out of its bundle, hence the same rule here.)
 */
export function readLoginCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return SIX_DIGITS.test(code) || RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

import { RECOVERY_CODE_PATTERN, TWO_FACTOR_CODE_LENGTH } from '@rackdesk/contract';

const SIX_DIGITS = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);

/** The contract's text for a field that takes six digits only. */
export const SIX_DIGIT_CODE_INVALID = 'The code must be exactly 6 digits.';

/** The contract's text for a field that also takes a recovery code (`loginCodeSchema`). */
export const CODE_OR_RECOVERY_CODE_INVALID = 'The code must be exactly 6 digits, or a recovery code.';

/** A 6-digit code field's error, or null when it holds six digits (spaces around ignored). */
export const sixDigitCodeError = (code: string) =>
  SIX_DIGITS.test(code.trim()) ? null : SIX_DIGIT_CODE_INVALID;

/**
 * A second-factor code as the contract's `loginCodeSchema` reads it (the login's code step, and
 * the current method's code when leaving it): six digits, or a recovery code in any letter case,
 * spaces around ignored. Returns the code to send, or null. (The login page keeps zod out of its
 * bundle, hence the same rule here.)
 */
export function readCodeOrRecoveryCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return SIX_DIGITS.test(code) || RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

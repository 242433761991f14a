import { loginCodeSchema, twoFactorCodeSchema } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  CODE_OR_RECOVERY_CODE_INVALID,
  readCodeOrRecoveryCode,
  SIX_DIGIT_CODE_INVALID,
  sixDigitCodeError,
} from './two-factor-code.ts';

describe('readCodeOrRecoveryCode', () => {
  it('takes a 6-digit code, and a recovery code in any case, trimmed and in lower case', () => {
    expect(readCodeOrRecoveryCode(' 123456 ')).toBe('123456');
    expect(readCodeOrRecoveryCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
    expect(readCodeOrRecoveryCode('abcde-fghjk')).toBe('abcde-fghjk');
  });

  it('refuses anything else', () => {
    for (const value of ['', '12345', '1234567', 'abcdefghjk', 'abcde-fghj', 'abcde-fghi1', 'abcde fghjk']) {
      expect(readCodeOrRecoveryCode(value), value).toBeNull();
    }
  });

  it("agrees with the contract's rule and text, which the server applies", () => {
    for (const value of ['123456', ' ABCDE-FGHJK', 'abcde-fghjl', '12345', 'abcde-fghj1', 'abcde-fghjo']) {
      const parsed = loginCodeSchema.safeParse(value);
      expect(readCodeOrRecoveryCode(value), value).toBe(parsed.success ? parsed.data : null);
      if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(CODE_OR_RECOVERY_CODE_INVALID);
    }
  });
});

describe('sixDigitCodeError', () => {
  it("takes six digits, spaces around them ignored, as the contract's code rule does", () => {
    for (const value of [' 123456 ', '12345', 'abcde-fghjk', '']) {
      const parsed = twoFactorCodeSchema.safeParse(value);
      expect(sixDigitCodeError(value), value).toBe(parsed.success ? null : SIX_DIGIT_CODE_INVALID);
      if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(SIX_DIGIT_CODE_INVALID);
    }
  });
});

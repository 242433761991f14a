import { loginCodeSchema } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { LOGIN_CODE_INVALID, readLoginCode } from './login-code.ts';

describe('readLoginCode', () => {
  it('takes a 6-digit code, and a recovery code in any case, trimmed and in lower case', () => {
    expect(readLoginCode(' 123456 ')).toBe('123456');
    expect(readLoginCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
    expect(readLoginCode('abcde-fghjk')).toBe('abcde-fghjk');
  });

  it('refuses anything else', () => {
    for (const value of ['', '12345', '1234567', 'abcdefghjk', 'abcde-fghj', 'abcde-fghi1', 'abcde fghjk']) {
      expect(readLoginCode(value), value).toBeNull();
    }
  });

  it("agrees with the contract's rule and text, which the server applies", () => {
    for (const value of ['123456', ' ABCDE-FGHJK', 'abcde-fghjl', '12345', 'abcde-fghj1', 'abcde-fghjo']) {
      const parsed = loginCodeSchema.safeParse(value);
      expect(readLoginCode(value), value).toBe(parsed.success ? parsed.data : null);
      if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(LOGIN_CODE_INVALID);
    }
  });
});

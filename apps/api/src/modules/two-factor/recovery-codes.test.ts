import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  generateRecoveryCodes,
  isRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeHash,
} from './recovery-codes.ts';

describe('recovery codes', () => {
  it('come ten to a set, all different, in the contract’s pattern', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
  });

  it('draw from exactly the characters the contract’s pattern allows', () => {
    const allowed = [...'abcdefghijklmnopqrstuvwxyz0123456789'].filter((c) =>
      RECOVERY_CODE_PATTERN.test(`${c.repeat(5)}-${c.repeat(5)}`),
    );
    expect([...RECOVERY_CODE_ALPHABET].sort()).toEqual(allowed.sort());
    const used = new Set(generateRecoveryCodes(200).join('').replaceAll('-', ''));
    expect([...used].sort()).toEqual(allowed.sort());
  });

  it('are told apart from 6-digit codes, in any letter case', () => {
    expect(isRecoveryCode('abcde-fghjk')).toBe(true);
    expect(isRecoveryCode(' ABCDE-FGHJK ')).toBe(true);
    expect(isRecoveryCode('123456')).toBe(false);
    expect(isRecoveryCode('abcdefghjk')).toBe(false);
    expect(isRecoveryCode('abcd0-fghjk')).toBe(false);
  });

  it('are stored as a digest per user, whatever the letter case typed', () => {
    const hash = recoveryCodeHash(7, 'abcde-fghjk');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('abcde');
    expect(recoveryCodeHash(7, 'ABCDE-FGHJK ')).toBe(hash);
    expect(recoveryCodeHash(8, 'abcde-fghjk')).not.toBe(hash);
  });
});

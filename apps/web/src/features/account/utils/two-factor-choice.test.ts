import { describe, expect, it } from 'vitest';
import { needsCurrentCode, twoFactorChoiceError } from './two-factor-choice.ts';

describe('twoFactorChoiceError', () => {
  it("asks for a method when none is chosen, in the spec's words", () => {
    expect(twoFactorChoiceError('', 'none')).toBe('Please select a 2FA method.');
    expect(twoFactorChoiceError('sms', 'none')).toBe('Please select a 2FA method.');
  });

  it('refuses the method already in use', () => {
    expect(twoFactorChoiceError('none', 'none')).toBe('You are already using this 2FA method.');
    expect(twoFactorChoiceError('email', 'email')).toBe('You are already using this 2FA method.');
  });

  it('lets any other method through', () => {
    expect(twoFactorChoiceError('google_authenticator', 'none')).toBeNull();
    expect(twoFactorChoiceError('none', 'email')).toBeNull();
    expect(twoFactorChoiceError('email', 'google_authenticator')).toBeNull();
  });
});

describe('needsCurrentCode', () => {
  it('asks for the current code only when a method is on', () => {
    expect(needsCurrentCode('none')).toBe(false);
    expect(needsCurrentCode('email')).toBe(true);
    expect(needsCurrentCode('google_authenticator')).toBe(true);
  });
});

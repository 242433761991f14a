import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema, resetPasswordSchema } from './auth.ts';

describe('auth schemas', () => {
  it('normalises the login e-mail and checks the 6-digit code', () => {
    expect(loginRequestSchema.parse({ email: ' Ada@Example.COM ', password2: 'x' }).email).toBe(
      'ada@example.com',
    );
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password2: 'x', token: '123456' }).success).toBe(
      true,
    );
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password2: 'x', token: '12345' }).success).toBe(
      false,
    );
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password2: 'x', token: '1234567' }).success).toBe(
      false,
    );
  });

  it('requires matching passwords of at least 8 characters on registration', () => {
    const base = { email: 'a@b.co', captchaToken: 'c' };
    const mismatch = registerRequestSchema.safeParse({
      ...base,
      password: 'abcdefgh',
      password_confirmation: 'abcdefgi',
    });
    expect(mismatch.error?.issues[0]?.message).toBe('Passwords do not match');
    const short = registerRequestSchema.safeParse({ ...base, password: 'abc', password_confirmation: 'abc' });
    expect(short.error?.issues[0]?.message).toBe('The password must be at least 8 characters.');
    expect(
      registerRequestSchema.safeParse({ ...base, password: 'abcdefgh', password_confirmation: 'abcdefgh' })
        .success,
    ).toBe(true);
  });

  it('uses the reset page texts for a new password', () => {
    expect(resetPasswordSchema.safeParse({ password: 'short' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters.',
    );
    expect(
      resetPasswordSchema.safeParse({ password: 'long-enough', password_confirmation: 'other-value' }).error
        ?.issues[0]?.message,
    ).toBe('Passwords must match.');
  });
});

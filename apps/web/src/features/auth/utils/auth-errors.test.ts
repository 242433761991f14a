import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { applyAuthError } from './auth-errors.ts';

const FIELD_MAP = { email: 'email', password2: 'password', token: 'code' };

function collect() {
  const fields: Record<string, string> = {};
  return {
    fields,
    form: {
      setFieldError: (path: string, error: string) => {
        fields[path] = error;
      },
    },
  };
}

describe('applyAuthError', () => {
  it('puts 401 and 422 field errors under the mapped fields', () => {
    const { fields, form } = collect();
    const error = new ApiError(401, {
      message: 'Invalid 2FA code.',
      errors: { token: ['Invalid 2FA code.'] },
    });
    expect(applyAuthError(error, form, FIELD_MAP)).toBeNull();
    expect(fields).toEqual({ code: 'Invalid 2FA code.' });

    const invalid = new ApiError(422, { message: 'Invalid.', errors: { password2: ['Required.'] } });
    expect(applyAuthError(invalid, form, FIELD_MAP)).toBeNull();
    expect(fields.password).toBe('Required.');
  });

  it('returns the auth message when no field error applies', () => {
    const { form } = collect();
    expect(applyAuthError(new ApiError(401, { message: 'Unauthenticated.' }), form, FIELD_MAP)).toBe(
      'Unauthenticated.',
    );
  });

  it('uses the spec texts for 429 and anything else', () => {
    const { form } = collect();
    expect(applyAuthError(new ApiError(429, { message: 'slow down' }), form, FIELD_MAP)).toBe(
      'Too many attempts, please try again later.',
    );
    expect(applyAuthError(new ApiError(500, { message: 'boom' }), form, FIELD_MAP)).toBe(
      'An unknown error has occurred, please try again later.',
    );
    expect(applyAuthError(new TypeError('Failed to fetch'), form, FIELD_MAP)).toBe(
      'An unknown error has occurred, please try again later.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { placeFieldErrors, sameNames, showRefusal } from './form-errors.ts';

function recordingForm() {
  const errors: Record<string, string> = {};
  return { errors, setFieldError: (path: string, error: string) => void (errors[path] = error) };
}

describe('placeFieldErrors', () => {
  it('puts the first message of each mapped field of a 422 under its form field', () => {
    const form = recordingForm();
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: { current_password: ['The current password is incorrect.', 'second'], other: ['x'] },
    });
    expect(placeFieldErrors(error, form, { current_password: 'currentPassword' })).toBe(true);
    expect(form.errors).toEqual({ currentPassword: 'The current password is incorrect.' });
  });

  it('places nothing for a 422 whose fields the form does not have, nor for other answers', () => {
    const form = recordingForm();
    expect(placeFieldErrors(new ApiError(422, { message: 'm', errors: { x: ['y'] } }), form, {})).toBe(false);
    expect(
      placeFieldErrors(new ApiError(403, { message: 'm', errors: { a: ['y'] } }), form, sameNames(['a'])),
    ).toBe(false);
    expect(placeFieldErrors(new Error('network'), form, sameNames(['a']))).toBe(false);
    expect(form.errors).toEqual({});
  });
});

describe('showRefusal', () => {
  it('puts field errors under their fields, and any other reason under the fallback field', () => {
    const form = recordingForm();
    showRefusal(
      new ApiError(422, { message: 'x', errors: { code: ['Invalid 2FA code.'] } }),
      form,
      { code: 'code' },
      'password',
    );
    expect(form.errors).toEqual({ code: 'Invalid 2FA code.' });

    const other = recordingForm();
    showRefusal(
      new ApiError(429, { message: 'Too many attempts, please try again later.' }),
      other,
      {},
      'code',
    );
    expect(other.errors).toEqual({ code: 'Too many attempts, please try again later.' });
  });
});

import { ErrorText } from '@rackdesk/contract';
import { isApiError } from './api-client.ts';
import { type FieldErrorTarget, putFieldErrors } from './field-errors.ts';
import { notify } from './notify.ts';

/**
 * Puts the server's 422 field errors under the form's fields: `fieldMap` names the form field of
 * each API field it lists. Returns whether any error found its field, so that the caller shows
 * the server's message elsewhere when none did.
 */
export function placeFieldErrors(
  error: unknown,
  form: FieldErrorTarget,
  fieldMap: Readonly<Record<string, string>>,
): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  return putFieldErrors(error.errors, form, fieldMap);
}

/** A form field map where each API field has a form field of its own name. */
export const sameNames = (fields: readonly string[]): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, field]));

/**
 * Shows why the server refused a form: 422 field errors under their fields; any other refusal
 * with a reason (a wrong code, too many attempts) under `fallbackField`, where the user will look
 * to fix it; a failure of the server as a toast.
 */
export function showRefusal(
  error: unknown,
  form: FieldErrorTarget,
  fieldMap: Readonly<Record<string, string>>,
  fallbackField: string,
) {
  if (placeFieldErrors(error, form, fieldMap)) return;
  if (isApiError(error) && error.status < 500 && error.message)
    form.setFieldError(fallbackField, error.message);
  else notify(ErrorText.unknown, 'error');
}

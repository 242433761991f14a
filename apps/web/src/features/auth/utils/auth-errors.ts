import { ErrorText } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { type FieldErrorTarget, putFieldErrors } from '../../../lib/field-errors.ts';

/**
 * Login and register errors (portal spec §8): 401 and 422 put the server's field errors under the
 * fields (`fieldMap` maps API field names to form fields) or return the auth message; 429 and
 * anything else return the spec's texts. Returns the text to show above the form, if any.
 */
export function applyAuthError(
  error: unknown,
  form: FieldErrorTarget,
  fieldMap: Record<string, string>,
): string | null {
  if (!isApiError(error)) return ErrorText.unknown;
  if (error.status === 429) return ErrorText.tooManyAttempts;
  if (error.status === 401 || error.status === 422) {
    if (putFieldErrors(error.errors, form, fieldMap)) return null;
    return error.message || ErrorText.unknown;
  }
  if (error.status === 403 && error.message) return error.message;
  return ErrorText.unknown;
}

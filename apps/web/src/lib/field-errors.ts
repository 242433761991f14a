export interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Puts the server's messages per field (an error body's `errors`) under the form's fields:
 * `fieldMap` names the form field of each API field it lists. Returns whether any message found
 * its field, so that the caller can show the server's message elsewhere when none did.
 */
export function putFieldErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  form: FieldErrorTarget,
  fieldMap: Readonly<Record<string, string>>,
): boolean {
  let placed = false;
  for (const [apiField, messages] of Object.entries(errors)) {
    const formField = fieldMap[apiField];
    const message = messages[0];
    if (formField && message) {
      form.setFieldError(formField, message);
      placed = true;
    }
  }
  return placed;
}

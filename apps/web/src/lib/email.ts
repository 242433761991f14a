export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The field error of an e-mail input, with each form's own texts for missing and malformed (the
 * server checks the address again).
 */
export function emailError(value: string, texts: { required: string; invalid: string }): string | null {
  const email = value.trim();
  if (email === '') return texts.required;
  return EMAIL_PATTERN.test(email) ? null : texts.invalid;
}

/**
 * A session's sign-in or last-active time in the reader's own locale and time zone (these are
 * the reader's devices, not billing dates fixed to one zone); `locale` and `timeZone` are for tests.
 */
export function formatSessionTime(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

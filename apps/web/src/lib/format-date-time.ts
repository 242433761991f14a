const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment for the tables (when a backup, a user template, an SSH key or an API token was made):
 * 'Jan 5, 2026, 3:00 AM' in the browser's time zone (or the one given); 'N/A' when there is no date.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (iso === '' || Number.isNaN(time)) return 'N/A';
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formats.set(key, format);
  }
  return format.format(time);
}

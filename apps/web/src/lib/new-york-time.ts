import { TZDate } from '@date-fns/tz';
import { TICKET_TIMEZONE } from '@rackdesk/contract';
import { formatDateTime } from './format-date-time.ts';

const wallTime = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The moment a ticket time names: the API gives them as 'YYYY-MM-DD HH:mm:ss' on New York's
 * clock (portal spec §3), which shifts with daylight saving time, so the offset comes from the
 * time zone database rather than a fixed -5 h. Null for anything else.
 */
export function parseNewYorkTime(value: string): Date | null {
  const parts = wallTime.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new TZDate(year, month - 1, day, hour, minute, second, TICKET_TIMEZONE);
  // TZDate rolls an impossible date (Feb 31) over; such a value is not a time the API gives.
  if (date.getDate() !== day || date.getMonth() !== month - 1) return null;
  return new Date(date.getTime());
}

/**
 * A ticket time shown in the browser's own time zone (or the one given): 'Jan 5, 2026, 3:00 AM'.
 * A value that is not a ticket time is shown as it came.
 */
export function formatNewYorkTimeLocally(value: string, timeZone?: string): string {
  const date = parseNewYorkTime(value);
  return date ? formatDateTime(date.toISOString(), timeZone) : value;
}

import { TZDate } from '@date-fns/tz';
import { TICKET_TIMEZONE } from '@rackdesk/contract';
import { formatDateTime } from './format-date-time.ts';

/** Cuts a ticket subject longer than `max` characters with an ellipsis (the full one goes in a title). */
export function truncateSubject(subject: string, max: number): string {
  return subject.length > max ? `${subject.slice(0, max)}...` : subject;
}

const TICKET_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant of a ticket time as the API gives it ('YYYY-MM-DD HH:mm:ss', New York wall clock),
 * or undefined for anything else. The time zone database decides the offset of that moment, so a
 * time on either side of a daylight-saving change lands right.
 */
export function parseNewYorkTime(value: string): Date | undefined {
  const match = TICKET_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const instant = new TZDate(year!, month! - 1, day!, hour!, minute!, second!, TICKET_TIMEZONE).getTime();
  return Number.isNaN(instant) ? undefined : new Date(instant);
}

/**
 * A ticket time shown in the browser's time zone (portal spec §9: given in New York time, shown
 * converted to local): 'Nov 23, 2026, 8:42 AM'. Text that is not a ticket time is shown as it is.
 */
export function formatTicketTime(value: string, timeZone?: string): string {
  const instant = parseNewYorkTime(value);
  return instant ? formatDateTime(instant.toISOString(), timeZone) : value;
}

/** A ticket time as the API gives it, in New York time to the minute (the dashboard's card). */
export function formatNewYorkTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.slice(0, 16)} ET` : value;
}

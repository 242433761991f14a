import { TICKET_TIMEZONE } from '@rackdesk/contract';

const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TICKET_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** New York's offset from UTC in ms, by UTC hour: it only changes on the hour (at 2 a.m. local). */
const offsetByHour = new Map<number, number>();

function newYorkOffsetMs(hour: number): number {
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const part = Object.fromEntries(
      newYorkParts.formatToParts(new Date(hour * HOUR_MS)).map((p) => [p.type, Number(p.value)]),
    );
    const local = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
    offset = local - hour * HOUR_MS;
    // Lists read times from a few years at most; the bound only keeps a long-running server's map small.
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD HH:mm:ss' in New York time: how the billing system gives ticket times. The time zone
 * rules are asked once per hour of UTC time and the rest is arithmetic: a list of a few hundred
 * tickets formats two times a row, and asking the time zone rules each time cost most of its answer.
 */
export function toNewYorkDateTime(instant: Date): string {
  const ms = instant.getTime();
  const local = new Date(ms + newYorkOffsetMs(Math.floor(ms / HOUR_MS)));
  const date = `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  return `${date} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/** Today's date in UTC as 'YYYY-MM-DD' (due dates are calendar dates in UTC). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Cents to the billing system's two-decimal string: the contract's, so both sides write amounts alike. */
export { centsToAmountString as centsToAmount } from '@rackdesk/contract';

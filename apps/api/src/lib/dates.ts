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

/** 'YYYY-MM-DD HH:mm:ss' in New York time: how the billing system gives ticket times. */
export function toNewYorkDateTime(instant: Date): string {
  const part = Object.fromEntries(newYorkParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** Today's date in UTC as 'YYYY-MM-DD' (due dates are calendar dates in UTC). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Cents to the billing system's two-decimal string: the contract's, so both sides write amounts alike. */
export { centsToAmountString as centsToAmount } from '@rackdesk/contract';

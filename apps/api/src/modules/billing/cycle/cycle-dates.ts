import { BILLING_CYCLE_MONTHS } from '@rackdesk/contract';

/**
 * Calendar arithmetic of the billing cycle on 'YYYY-MM-DD' dates (due dates are calendar dates in
 * UTC). Pure, so every cycle, month end and leap year is unit-tested without a database.
 */

interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

function parse(date: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function format({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Months one period of a billing cycle lasts; undefined for cycles that never renew (One Time, Free Account). */
export function cycleMonths(billingCycle: string): number | undefined {
  return Object.hasOwn(BILLING_CYCLE_MONTHS, billingCycle) ? BILLING_CYCLE_MONTHS[billingCycle] : undefined;
}

export const renewingCycles: readonly string[] = Object.keys(BILLING_CYCLE_MONTHS);

/**
 * The day of the month a service's due dates fall on: its registration day, cut to the length of
 * short months (a service registered on the 31st is due on Feb 28 or 29, then on Mar 31 again).
 * A due date that is not the registration day so cut was moved on purpose: its own day holds.
 */
export function anchorDay(regDate: string, dueDate: string): number {
  const registered = parse(regDate).day;
  const due = parse(dueDate);
  return due.day === Math.min(registered, daysInMonth(due.year, due.month)) ? registered : due.day;
}

/**
 * The due date one period of `billingCycle` after `dueDate`, on the service's anchor day; undefined
 * when the cycle never renews.
 */
export function nextDueDate(dueDate: string, billingCycle: string, regDate: string): string | undefined {
  const months = cycleMonths(billingCycle);
  if (months === undefined) return undefined;
  const due = parse(dueDate);
  const monthIndex = due.year * 12 + (due.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return format({ year, month, day: Math.min(anchorDay(regDate, dueDate), daysInMonth(year, month)) });
}

/** `date` moved by a number of days (negative: back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parse(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

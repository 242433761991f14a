import { describe, expect, it } from 'vitest';
import { addDays, anchorDay, cycleMonths, daysInMonth, nextDueDate, renewingCycles } from './cycle-dates.ts';

/** The due dates a service registered on `regDate` has, one period after another. */
function dueDates(regDate: string, cycle: string, periods: number): string[] {
  const dates = [regDate];
  for (let i = 0; i < periods; i++) dates.push(nextDueDate(dates.at(-1)!, cycle, regDate)!);
  return dates;
}

describe('billing cycle dates', () => {
  it('knows the six renewing cycles of the spec as the services table stores them', () => {
    expect(renewingCycles).toEqual([
      'Monthly',
      'Quarterly',
      'Semi-Annually',
      'Annually',
      'Biennially',
      'Triennially',
    ]);
    expect(renewingCycles.map(cycleMonths)).toEqual([1, 3, 6, 12, 24, 36]);
  });

  it('never renews One Time and Free services, nor an unknown cycle', () => {
    for (const cycle of ['One Time', 'Free Account', 'monthly', 'toString', 'constructor', '']) {
      expect(cycleMonths(cycle)).toBeUndefined();
      expect(nextDueDate('2026-01-15', cycle, '2026-01-15')).toBeUndefined();
    }
  });

  it('moves each cycle by its months on an ordinary day', () => {
    const from = '2026-03-15';
    expect(nextDueDate(from, 'Monthly', from)).toBe('2026-04-15');
    expect(nextDueDate(from, 'Quarterly', from)).toBe('2026-06-15');
    expect(nextDueDate(from, 'Semi-Annually', from)).toBe('2026-09-15');
    expect(nextDueDate(from, 'Annually', from)).toBe('2027-03-15');
    expect(nextDueDate(from, 'Biennially', from)).toBe('2028-03-15');
    expect(nextDueDate(from, 'Triennially', from)).toBe('2029-03-15');
  });

  it('crosses the year end', () => {
    expect(nextDueDate('2026-12-05', 'Monthly', '2026-12-05')).toBe('2027-01-05');
    expect(nextDueDate('2026-11-05', 'Quarterly', '2026-11-05')).toBe('2027-02-05');
    expect(nextDueDate('2026-08-05', 'Semi-Annually', '2026-08-05')).toBe('2027-02-05');
  });

  it('keeps a month-end registration on the last day of short months and back on the 31st', () => {
    expect(dueDates('2027-01-31', 'Monthly', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(dueDates('2028-01-31', 'Monthly', 2)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(dueDates('2026-01-30', 'Monthly', 2)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30']);
    expect(dueDates('2026-08-31', 'Quarterly', 3)).toEqual([
      '2026-08-31',
      '2026-11-30',
      '2027-02-28',
      '2027-05-31',
    ]);
    expect(dueDates('2026-08-31', 'Semi-Annually', 2)).toEqual(['2026-08-31', '2027-02-28', '2027-08-31']);
  });

  it('keeps a Feb 29 registration on Feb 28 in common years and on Feb 29 in leap years', () => {
    expect(dueDates('2028-02-29', 'Annually', 4)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    expect(dueDates('2028-02-29', 'Biennially', 2)).toEqual(['2028-02-29', '2030-02-28', '2032-02-29']);
    expect(dueDates('2028-02-29', 'Triennially', 2)).toEqual(['2028-02-29', '2031-02-28', '2034-02-28']);
    expect(nextDueDate('2028-01-29', 'Monthly', '2028-01-29')).toBe('2028-02-29');
    expect(nextDueDate('2029-01-29', 'Monthly', '2029-01-29')).toBe('2029-02-28');
  });

  it('follows the registration day even years later', () => {
    expect(nextDueDate('2029-02-28', 'Monthly', '2026-05-31')).toBe('2029-03-31');
    expect(nextDueDate('2029-04-30', 'Monthly', '2026-05-31')).toBe('2029-05-31');
  });

  it('keeps a due date moved off the registration day on its own day', () => {
    expect(anchorDay('2026-01-31', '2026-06-30')).toBe(31);
    expect(anchorDay('2026-01-31', '2026-06-12')).toBe(12);
    expect(nextDueDate('2026-06-12', 'Monthly', '2026-01-31')).toBe('2026-07-12');
    // A registration on the 15th whose due date was moved to the 30th stays on the 30th.
    expect(nextDueDate('2026-01-30', 'Monthly', '2025-12-15')).toBe('2026-02-28');
  });

  it('counts days in months and moves dates by days across months and leap days', () => {
    expect([daysInMonth(2027, 2), daysInMonth(2028, 2), daysInMonth(2100, 2), daysInMonth(2000, 2)]).toEqual([
      28, 29, 28, 29,
    ]);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-06-10', -7)).toBe('2026-06-03');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => nextDueDate('2026-1-5', 'Monthly', '2026-01-05')).toThrow(/calendar date/);
  });
});

import { describe, expect, it } from 'vitest';
import { nextEvent, parseCalendarEvent } from './calendar.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const next = (schedule: string, afterIso: string) => {
  const event = parseCalendarEvent(schedule);
  if (!event) throw new Error(`unparsed: ${schedule}`);
  const t = nextEvent(event, at(afterIso));
  return t === undefined ? undefined : new Date(t * 1000).toISOString();
};

describe('calendar events (backup schedules)', () => {
  it('fires daily at a time, strictly after the given moment', () => {
    expect(next('02:30', '2025-03-10T01:00:00Z')).toBe('2025-03-10T02:30:00.000Z');
    expect(next('02:30', '2025-03-10T02:30:00Z')).toBe('2025-03-11T02:30:00.000Z');
  });

  it('repeats hours and days', () => {
    expect(next('*/6:00', '2025-03-10T07:00:00Z')).toBe('2025-03-10T12:00:00.000Z');
    expect(next('*-*-1/3 03:00', '2025-03-02T00:00:00Z')).toBe('2025-03-04T03:00:00.000Z');
    expect(next('*-*-1/3 03:00', '2025-03-31T04:00:00Z')).toBe('2025-04-01T03:00:00.000Z');
  });

  it('selects weekdays, lists and ranges', () => {
    // 2025-03-10 is a Monday.
    expect(next('sat,sun 04:00', '2025-03-10T00:00:00Z')).toBe('2025-03-15T04:00:00.000Z');
    expect(next('mon..fri 22:15', '2025-03-14T23:00:00Z')).toBe('2025-03-17T22:15:00.000Z');
    expect(next('weekly', '2025-03-10T00:00:00Z')).toBe('2025-03-17T00:00:00.000Z');
  });

  it('refuses what it does not understand', () => {
    for (const text of ['every 72 hours', '25:00', '*-*-40 00:00', 'funday 10:00', '2025-*-01 00:00']) {
      expect(parseCalendarEvent(text)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { centsToAmount, todayUtc, toNewYorkDateTime } from './dates.ts';

describe('toNewYorkDateTime', () => {
  it('converts to New York time in winter (UTC-5) and summer (UTC-4)', () => {
    expect(toNewYorkDateTime(new Date('2026-01-15T17:04:05Z'))).toBe('2026-01-15 12:04:05');
    expect(toNewYorkDateTime(new Date('2026-07-01T03:00:00Z'))).toBe('2026-06-30 23:00:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(toNewYorkDateTime(new Date('2026-03-02T05:00:00Z'))).toBe('2026-03-02 00:00:00');
  });

  it('writes what the time zone rules write, around both changes of the clocks and at any second', () => {
    const rules = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const instants = [
      ...['2026-03-08T06:59:59.999Z', '2026-03-08T07:00:00Z', '2026-11-01T05:59:59Z', '2026-11-01T06:00:00Z'],
      ...Array.from({ length: 2000 }, (_, i) =>
        new Date(Date.UTC(2019, 0, 1) + (i * 4_321_987_654.321) / 37).toISOString(),
      ),
    ].map((iso) => new Date(iso));
    for (const instant of instants) {
      expect(toNewYorkDateTime(instant), instant.toISOString()).toBe(rules.format(instant));
    }
    expect(toNewYorkDateTime(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(toNewYorkDateTime(new Date('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30:00');
  });
});

describe('todayUtc and centsToAmount', () => {
  it('formats dates and money the billing system way', () => {
    expect(todayUtc(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(1999)).toBe('19.99');
    expect(centsToAmount(-250)).toBe('-2.50');
  });
});

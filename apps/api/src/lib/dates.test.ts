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
});

describe('todayUtc and centsToAmount', () => {
  it('formats dates and money the billing system way', () => {
    expect(todayUtc(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(1999)).toBe('19.99');
    expect(centsToAmount(-250)).toBe('-2.50');
  });
});

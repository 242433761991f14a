import { describe, expect, it } from 'vitest';
import { formatNewYorkTimeLocally, parseNewYorkTime } from './new-york-time.ts';

describe('parseNewYorkTime', () => {
  it('reads winter times as UTC-5 and summer times as UTC-4', () => {
    expect(parseNewYorkTime('2026-01-05 03:00:00')?.toISOString()).toBe('2026-01-05T08:00:00.000Z');
    expect(parseNewYorkTime('2026-07-04 12:30:15')?.toISOString()).toBe('2026-07-04T16:30:15.000Z');
  });

  it('follows the daylight saving switch of the night it happens', () => {
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    expect(parseNewYorkTime('2026-03-08 01:59:59')?.toISOString()).toBe('2026-03-08T06:59:59.000Z');
    expect(parseNewYorkTime('2026-03-08 03:00:00')?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 2026-11-01: clocks go back from 02:00 EDT to 01:00 EST.
    expect(parseNewYorkTime('2026-11-01 00:30:00')?.toISOString()).toBe('2026-11-01T04:30:00.000Z');
    expect(parseNewYorkTime('2026-11-01 03:00:00')?.toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('refuses what is not a ticket time', () => {
    for (const value of ['', 'yesterday', '2026-01-05', '2026-01-05T03:00:00Z', '2026-02-31 10:00:00']) {
      expect(parseNewYorkTime(value)).toBeNull();
    }
  });
});

describe('formatNewYorkTimeLocally', () => {
  it('shows the moment on the clock of the given zone', () => {
    expect(formatNewYorkTimeLocally('2026-01-05 03:00:00', 'UTC')).toBe('Jan 5, 2026, 8:00 AM');
    expect(formatNewYorkTimeLocally('2026-01-05 03:00:00', 'America/Los_Angeles')).toBe(
      'Jan 5, 2026, 12:00 AM',
    );
    expect(formatNewYorkTimeLocally('2026-07-04 23:15:00', 'Europe/Berlin')).toBe('Jul 5, 2026, 5:15 AM');
  });

  it('shows anything else as it came', () => {
    expect(formatNewYorkTimeLocally('unknown')).toBe('unknown');
  });
});

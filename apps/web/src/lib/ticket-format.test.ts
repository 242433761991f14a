import { describe, expect, it } from 'vitest';
import { formatNewYorkTime, formatTicketTime, parseNewYorkTime, truncateSubject } from './ticket-format.ts';

describe('truncateSubject', () => {
  it('cuts subjects longer than the limit with an ellipsis, and only those', () => {
    const exact = 'a'.repeat(61);
    expect(truncateSubject(exact, 61)).toBe(exact);
    expect(truncateSubject(`${exact}b`, 61)).toBe(`${exact}...`);
    expect(truncateSubject('High network latency on web01 since this morning', 32)).toBe(
      'High network latency on web01 si...',
    );
  });
});

describe('parseNewYorkTime', () => {
  it('reads winter times at UTC-5 and summer times at UTC-4', () => {
    expect(parseNewYorkTime('2026-01-15 10:30:00')?.toISOString()).toBe('2026-01-15T15:30:00.000Z');
    expect(parseNewYorkTime('2026-07-04 23:59:59')?.toISOString()).toBe('2026-07-05T03:59:59.000Z');
  });

  it('lands right on both sides of the daylight-saving changes', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT.
    expect(parseNewYorkTime('2026-03-08 01:59:00')?.toISOString()).toBe('2026-03-08T06:59:00.000Z');
    expect(parseNewYorkTime('2026-03-08 03:00:00')?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 2026-11-01: 02:00 EDT becomes 01:00 EST.
    expect(parseNewYorkTime('2026-11-01 00:30:00')?.toISOString()).toBe('2026-11-01T04:30:00.000Z');
    expect(parseNewYorkTime('2026-11-01 02:30:00')?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('refuses text that is not a ticket time', () => {
    expect(parseNewYorkTime('')).toBeUndefined();
    expect(parseNewYorkTime('2026-01-15T10:30:00Z')).toBeUndefined();
  });
});

describe('formatTicketTime', () => {
  it('shows a New York time in the given time zone', () => {
    expect(formatTicketTime('2026-11-23 02:42:30', 'UTC')).toBe('Nov 23, 2026, 7:42 AM');
    expect(formatTicketTime('2026-11-23 02:42:30', 'America/New_York')).toBe('Nov 23, 2026, 2:42 AM');
    expect(formatTicketTime('2026-11-23 02:42:30', 'Europe/Berlin')).toBe('Nov 23, 2026, 8:42 AM');
  });

  it('shows anything else as it came', () => {
    expect(formatTicketTime('unknown')).toBe('unknown');
  });
});

describe('formatNewYorkTime', () => {
  it('shows New York ticket times to the minute', () => {
    expect(formatNewYorkTime('2026-11-23 02:42:30')).toBe('2026-11-23 02:42 ET');
    expect(formatNewYorkTime('unknown')).toBe('unknown');
  });
});

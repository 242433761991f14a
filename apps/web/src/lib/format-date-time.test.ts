import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows the date and time in the given time zone', () => {
    expect(formatDateTime('2026-01-05T03:00:00.000Z', 'UTC')).toBe('Jan 5, 2026, 3:00 AM');
    expect(formatDateTime('2026-01-05T03:00:00.000Z', 'America/New_York')).toBe('Jan 4, 2026, 10:00 PM');
  });

  it('shows N/A when there is no date', () => {
    expect(formatDateTime('')).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
});

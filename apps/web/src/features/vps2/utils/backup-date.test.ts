import { describe, expect, it } from 'vitest';
import { formatCreatedAt } from './backup-date.ts';

describe('formatCreatedAt', () => {
  it('shows the date and time in the given time zone', () => {
    expect(formatCreatedAt('2026-01-05T03:00:00.000Z', 'UTC')).toBe('Jan 5, 2026, 3:00 AM');
    expect(formatCreatedAt('2026-01-05T03:00:00.000Z', 'America/New_York')).toBe('Jan 4, 2026, 10:00 PM');
  });

  it('shows N/A when there is no date', () => {
    expect(formatCreatedAt('')).toBe('N/A');
    expect(formatCreatedAt('not a date')).toBe('N/A');
  });
});

import { describe, expect, it } from 'vitest';
import { formatUptime } from './format-uptime.ts';

describe('formatUptime', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [3599, '59 minutes'],
    [3600, '1 hour'],
    [5400, '1 hour'],
    [86_399, '23 hours'],
    [86_400, '1 day'],
    [200_000, '2 days'],
    [400 * 86_400, '400 days'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });

  it('treats fractions and negative values as whole, non-negative seconds', () => {
    expect(formatUptime(61.9)).toBe('1 minute');
    expect(formatUptime(-5)).toBe('0 seconds');
  });
});

import { describe, expect, it } from 'vitest';
import { backupCountdown, formatCountdown } from './backup-countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [0, '0 days 00:00:00'],
    [1, '0 days 00:00:01'],
    [59, '0 days 00:00:59'],
    [3600, '0 days 01:00:00'],
    [86_399, '0 days 23:59:59'],
    [86_400, '1 day 00:00:00'],
    [190_389, '2 days 04:53:09'],
    [72 * 3600, '3 days 00:00:00'],
    [400 * 86_400 + 61, '400 days 00:01:01'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it('drops fractions and never counts below zero', () => {
    expect(formatCountdown(61.9)).toBe('0 days 00:01:01');
    expect(formatCountdown(-5)).toBe('0 days 00:00:00');
  });
});

describe('backupCountdown', () => {
  const next = 1_700_000_000;

  it('counts down to the next run, second by second', () => {
    expect(backupCountdown(next, (next - 90_061) * 1000)).toBe('1 day 01:01:01');
    expect(backupCountdown(next, (next - 2) * 1000)).toBe('0 days 00:00:02');
    expect(backupCountdown(next, (next - 1.5) * 1000)).toBe('0 days 00:00:01');
  });

  it('has nothing left to count once the run is due or past', () => {
    expect(backupCountdown(next, (next - 0.5) * 1000)).toBeNull();
    expect(backupCountdown(next, next * 1000)).toBeNull();
    expect(backupCountdown(next, (next + 3600) * 1000)).toBeNull();
  });
});

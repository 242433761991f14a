import { describe, expect, it } from 'vitest';
import { capPercent } from './usage-sample.ts';

describe('capPercent', () => {
  it('keeps CPU usage between 0 and 100', () => {
    expect(capPercent(-3)).toBe(0);
    expect(capPercent(42.5)).toBe(42.5);
    expect(capPercent(250)).toBe(100);
  });
});

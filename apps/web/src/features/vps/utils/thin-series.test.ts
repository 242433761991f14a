import { describe, expect, it } from 'vitest';
import { thinSeries } from './thin-series.ts';

const series = (length: number) => Array.from({ length }, (_, index) => index);

describe('thinSeries', () => {
  it('leaves a series of fewer than 400 points as it is', () => {
    expect(thinSeries(series(0))).toEqual([]);
    expect(thinSeries(series(399))).toEqual(series(399));
  });

  it('thins a series of 400 or more points to about 30 divisions, oldest first, keeping the newest', () => {
    for (const length of [400, 2016, 8640, 17_280]) {
      const thinned = thinSeries(series(length));
      expect(thinned.length, String(length)).toBeGreaterThanOrEqual(29);
      expect(thinned.length, String(length)).toBeLessThanOrEqual(32);
      expect(thinned[0]).toBe(0);
      expect(thinned.at(-1)).toBe(length - 1);
      expect([...thinned].sort((a, b) => a - b)).toEqual(thinned);
    }
  });

  it('keeps evenly spaced points', () => {
    const thinned = thinSeries(series(600));
    const gaps = new Set(thinned.slice(1, -1).map((value, index) => value - thinned[index]!));
    expect([...gaps]).toEqual([20]);
  });

  it('does not change the series it is given', () => {
    const points = series(500);
    thinSeries(points);
    expect(points).toEqual(series(500));
  });
});

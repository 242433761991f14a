import { describe, expect, it } from 'vitest';
import { firstGenerationChartRanges, monthsForRange, statsMonth } from './chart-ranges.ts';

const seconds = (value: string) => firstGenerationChartRanges.find((range) => range.value === value)!.seconds;

describe('first-generation chart ranges', () => {
  it('offers 1 hour, 6 hours, 24 hours, 7 days and 1 month', () => {
    expect(firstGenerationChartRanges.map((range) => range.label)).toEqual([
      '1 Hour',
      '6 Hours',
      '24 Hours',
      '7 Days',
      '1 Month',
    ]);
  });
});

describe('statsMonth', () => {
  it('names the UTC month as YYYYMM', () => {
    expect(statsMonth(Date.UTC(2025, 0, 31, 23, 59))).toBe('202501');
    expect(statsMonth(Date.UTC(2025, 11, 1))).toBe('202512');
  });
});

describe('monthsForRange', () => {
  const midMonth = Date.UTC(2025, 2, 20, 12);
  const earlyMonth = Date.UTC(2025, 2, 1, 3);
  const newYear = Date.UTC(2025, 0, 2);

  it('needs only the current month when the range starts inside it', () => {
    expect(monthsForRange(midMonth, seconds('1h'))).toEqual(['202503']);
    expect(monthsForRange(midMonth, seconds('7d'))).toEqual(['202503']);
  });

  it('needs the previous month too when the range reaches back into it', () => {
    expect(monthsForRange(earlyMonth, seconds('6h'))).toEqual(['202502', '202503']);
    expect(monthsForRange(midMonth, seconds('1m'))).toEqual(['202502', '202503']);
    expect(monthsForRange(newYear, seconds('7d'))).toEqual(['202412', '202501']);
  });
});

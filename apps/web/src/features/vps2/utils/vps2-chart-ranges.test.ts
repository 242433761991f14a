import { vps2StatsRanges } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VPS2_CHART_RANGE, vps2ChartRanges } from './vps2-chart-ranges.ts';

describe('vps2ChartRanges', () => {
  it('offers 1 hour, 24 hours, 7 days and 1 month, without the first generation 6 hours', () => {
    expect(vps2ChartRanges.map((range) => range.label)).toEqual(['1 Hour', '24 Hours', '7 Days', '1 Month']);
  });

  it('asks the stats call for each of its ranges, 24 hours first shown', () => {
    expect(vps2ChartRanges.map((range) => range.value)).toEqual([...vps2StatsRanges]);
    expect(DEFAULT_VPS2_CHART_RANGE).toBe('day');
  });
});

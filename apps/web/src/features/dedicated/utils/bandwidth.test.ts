import { describe, expect, it } from 'vitest';
import { bandwidthLimitTb, bandwidthUsage, toBandwidthPoints } from './bandwidth.ts';

const options = (...configoption: { option: string; value: string }[]) => ({
  configoption: configoption.map((o, i) => ({ id: i, type: 'dropdown', ...o })),
});

describe('bandwidthLimitTb', () => {
  it('reads the Bandwidth option in TB', () => {
    expect(bandwidthLimitTb(options({ option: 'Bandwidth', value: '10' }))).toBe(10);
    expect(
      bandwidthLimitTb(options({ option: 'RAM', value: '64' }, { option: 'Bandwidth', value: '2.5' })),
    ).toBe(2.5);
  });

  it('is unlimited without the option, or with a value that is no allowance', () => {
    expect(bandwidthLimitTb(options())).toBeNull();
    expect(bandwidthLimitTb(options({ option: 'Bandwidth', value: 'Unlimited' }))).toBeNull();
    expect(bandwidthLimitTb(options({ option: 'Bandwidth', value: '0' }))).toBeNull();
  });
});

describe('bandwidthUsage', () => {
  it('gives GiB (bits / 8.59e9) and the percent of the allowance (TB × 10^12 × 8 bits)', () => {
    const usage = bandwidthUsage(8e12, 10);
    expect(usage.usedGiB).toBeCloseTo(931.32, 2);
    expect(usage.percent).toBeCloseTo(10);
  });

  it('has no percent when unlimited', () => {
    expect(bandwidthUsage(8.59e9, null)).toEqual({ usedGiB: 1, limitTb: null, percent: null });
  });
});

describe('toBandwidthPoints', () => {
  const sample = { time: 1_767_225_600, bwrate_in: 1, bwrate_out: 2, traffic_in: 60, traffic_out: 120 };

  it('keeps the rates and labels short ranges by time of day, long ones by date', () => {
    const [short] = toBandwidthPoints([sample], '24h');
    expect(short).toMatchObject({ time: sample.time, inbound: 1, outbound: 2 });
    expect(short!.label).toMatch(/^\d{2}:\d{2}$/);
    expect(toBandwidthPoints([sample], '30days')[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);
  });
});

import type { VpsStatus } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { firstGenerationStats } from './first-generation-stats.ts';

const status: VpsStatus = {
  status: 1,
  used_cpu: 37.25,
  used_disk: 12.5,
  disk: 40,
  used_bandwidth: 250,
  bandwidth: 1000,
  uptime: 7_500,
};

describe('firstGenerationStats', () => {
  it('shows CPU, bandwidth, disk and uptime with their shares of the limits', () => {
    expect(firstGenerationStats(status)).toEqual([
      { label: 'CPU', value: '37.3%', percent: 37.25 },
      { label: 'Bandwidth', value: '250 GB of 1,000 GB', percent: 25 },
      { label: 'Disk', value: '12.5 GB of 40 GB', percent: 31.25 },
      { label: 'Uptime', value: '2 hours' },
    ]);
  });

  it('reads a bandwidth allowance of 0 as unlimited, without a bar', () => {
    const [, bandwidth] = firstGenerationStats({ ...status, bandwidth: 0 });
    expect(bandwidth).toEqual({ label: 'Bandwidth', value: '250 GB (Unlimited)', percent: undefined });
  });

  it('shows a stopped VPS as powered off rather than an uptime', () => {
    expect(firstGenerationStats({ ...status, status: 0, uptime: 0 }).at(-1)).toEqual({
      label: 'Uptime',
      value: 'Powered off',
    });
  });
});

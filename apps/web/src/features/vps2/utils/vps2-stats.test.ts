import type { Vps2Detail } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_GIB, formatGiB, vps2Specs, vps2Stats } from './vps2-stats.ts';

const GiB = BYTES_PER_GIB;
const vps: Vps2Detail = {
  id: 101,
  hostname: 'web01.demo.example',
  status: 'running',
  locked: false,
  locked_message: '',
  cpus: 4,
  maxmem: 4 * GiB,
  maxdisk: 80 * GiB,
  uptime: 7_500,
  cpu: 0.1234,
  bandwidth_usage: { total_gb: 512.25, bandwidth_limit_gb: 4000, percentage_used: 12.81 },
  os_name: 'Ubuntu 24.04 LTS',
  osid: '9000',
  ips: { ipv4: ['198.51.100.30'], ipv6: [] },
  config: { boot: 'cda', ide0: null, ide2: null },
};

describe('formatGiB', () => {
  it('divides bytes by 1073741824 (servers spec §9)', () => {
    expect(formatGiB(4 * GiB)).toBe('4 GiB');
    expect(formatGiB(1.5 * GiB)).toBe('1.5 GiB');
    expect(formatGiB(1_000_000_000)).toBe('0.93 GiB');
    expect(formatGiB(2048 * GiB)).toBe('2,048 GiB');
  });
});

describe('vps2Specs', () => {
  it('lists cores, RAM and disk in GiB, and the OS', () => {
    expect(vps2Specs(vps)).toEqual(['4 Cores', '4 GiB RAM', '80 GiB Disk', 'Ubuntu 24.04 LTS']);
  });

  it('says Core for one and Unknown OS when the platform names none', () => {
    expect(vps2Specs({ ...vps, cpus: 1, os_name: '' })).toEqual([
      '1 Core',
      '4 GiB RAM',
      '80 GiB Disk',
      'Unknown OS',
    ]);
  });
});

describe('vps2Stats', () => {
  it('shows the CPU fraction as a percent, memory and disk in GiB, bandwidth of its limit and the uptime', () => {
    expect(vps2Stats(vps)).toEqual([
      { label: 'CPU', value: '12.3%', percent: 12.34 },
      { label: 'Memory', value: '4 GiB' },
      { label: 'Disk', value: '80 GiB' },
      { label: 'Bandwidth', value: '512.25 GB of 4,000 GB', percent: 12.81 },
      { label: 'Uptime', value: '2 hours' },
    ]);
  });

  it('reads a bandwidth limit of 0 as unlimited, without a bar', () => {
    const bandwidth = vps2Stats({
      ...vps,
      bandwidth_usage: { total_gb: 20, bandwidth_limit_gb: 0, percentage_used: 0 },
    })[3];
    expect(bandwidth).toEqual({ label: 'Bandwidth', value: '20 GB (Unlimited)' });
  });

  it('caps the CPU at 100% and shows a stopped server as powered off', () => {
    expect(vps2Stats({ ...vps, cpu: 1.7 })[0]).toEqual({ label: 'CPU', value: '100%', percent: 100 });
    const stopped = vps2Stats({ ...vps, status: 'stopped', cpu: 0, uptime: 0 });
    expect(stopped[0]).toEqual({ label: 'CPU', value: '0%', percent: 0 });
    expect(stopped.at(-1)).toEqual({ label: 'Uptime', value: 'Powered off' });
  });
});

import { describe, expect, it } from 'vitest';
import { formatIpRange, groupConsecutiveIps } from './ip-ranges.ts';

const grouped = (ips: string[]) => groupConsecutiveIps(ips).map(formatIpRange);

describe('groupConsecutiveIps', () => {
  it('groups consecutive IPv4 addresses into one range', () => {
    expect(grouped(['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'])).toEqual([
      '203.0.113.10 - 203.0.113.13',
    ]);
    expect(groupConsecutiveIps(['203.0.113.10', '203.0.113.11'])[0]!.count).toBe(2);
  });

  it('keeps gaps apart and sorts by address, not by text', () => {
    expect(grouped(['203.0.113.25', '203.0.113.21', '203.0.113.20', '203.0.113.22'])).toEqual([
      '203.0.113.20 - 203.0.113.22',
      '203.0.113.25',
    ]);
    expect(grouped(['10.0.0.9', '10.0.0.10', '10.0.0.100'])).toEqual(['10.0.0.9 - 10.0.0.10', '10.0.0.100']);
  });

  it('runs across an octet boundary', () => {
    expect(grouped(['198.51.100.255', '198.51.101.0'])).toEqual(['198.51.100.255 - 198.51.101.0']);
  });

  it('groups IPv6 addresses too, including the :: shorthand, after the IPv4 ones', () => {
    expect(
      grouped(['2001:db8::3', '2001:db8::2', '203.0.113.5', '2001:db8:0:0:0:0:0:4', '2001:db8::10']),
    ).toEqual(['203.0.113.5', '2001:db8::2 - 2001:db8:0:0:0:0:0:4', '2001:db8::10']);
    expect(grouped(['2001:db8:200::10'])).toEqual(['2001:db8:200::10']);
  });

  it('counts a repeated address once and keeps text that is no address', () => {
    expect(grouped(['203.0.113.1', '203.0.113.1', 'pending'])).toEqual(['203.0.113.1', 'pending']);
    expect(grouped(['1.2.3.256', '2001:db8::g'])).toEqual(['1.2.3.256', '2001:db8::g']);
  });

  it('gives nothing for no addresses', () => {
    expect(groupConsecutiveIps([])).toEqual([]);
  });
});

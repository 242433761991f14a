import { describe, expect, it } from 'vitest';
import { ipconfigValue, ipv4PoolsOf, ipv4ToNumber, leasesOf, numberToIpv4 } from './ipv4-pools.ts';

describe('IPv4 pools in node notes', () => {
  it('reads the pool lines of the notes, whatever else they hold', () => {
    const notes = [
      'Location: New York',
      'IPv4 pool: 198.51.100.64-198.51.100.66 prefix 24 gateway 198.51.100.1',
      'ipv4 POOL:203.0.113.10 - 203.0.113.11  prefix 28 gateway 203.0.113.1',
      'Rack 4, row B',
    ].join('\n');
    expect(ipv4PoolsOf(notes)).toEqual([
      { first: '198.51.100.64', last: '198.51.100.66', prefix: 24, gateway: '198.51.100.1' },
      { first: '203.0.113.10', last: '203.0.113.11', prefix: 28, gateway: '203.0.113.1' },
    ]);
    expect(ipv4PoolsOf(undefined)).toEqual([]);
  });

  it('ignores malformed, reversed and oversized ranges', () => {
    const notes = [
      'IPv4 pool: 198.51.100.300-198.51.100.310 prefix 24 gateway 198.51.100.1',
      'IPv4 pool: 198.51.100.90-198.51.100.80 prefix 24 gateway 198.51.100.1',
      'IPv4 pool: 10.0.0.0-10.255.255.255 prefix 8 gateway 10.0.0.1',
      'IPv4 pool: 198.51.100.64-198.51.100.70 prefix 40 gateway 198.51.100.1',
      'IPv4 pool: 198.51.100.64-198.51.100.70',
    ].join('\n');
    expect(ipv4PoolsOf(notes)).toEqual([]);
  });

  it('lists each address once, in order, without the gateway', () => {
    const leases = leasesOf([
      { first: '198.51.100.254', last: '198.51.101.1', prefix: 23, gateway: '198.51.101.0' },
      { first: '198.51.101.1', last: '198.51.101.2', prefix: 23, gateway: '198.51.101.0' },
    ]);
    expect(leases.map((lease) => lease.address)).toEqual([
      '198.51.100.254',
      '198.51.100.255',
      '198.51.101.1',
      '198.51.101.2',
    ]);
    expect(leases[0]).toEqual({ address: '198.51.100.254', prefix: 23, gateway: '198.51.101.0' });
  });

  it('converts addresses and writes cloud-init ipconfig values', () => {
    expect(ipv4ToNumber('1.2.3.4')).toBe(16909060);
    expect(numberToIpv4(16909060)).toBe('1.2.3.4');
    expect(numberToIpv4(ipv4ToNumber('255.255.255.255'))).toBe('255.255.255.255');
    const lease = { address: '198.51.100.64', prefix: 24, gateway: '198.51.100.1' };
    expect(ipconfigValue(lease, true)).toBe('ip=198.51.100.64/24,gw=198.51.100.1');
    expect(ipconfigValue(lease, false)).toBe('ip=198.51.100.64/24');
  });
});

import type { DedicatedIpAssignment } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { subnetsOf } from './subnets.ts';

const assignment = (
  ip: string,
  subnet: string,
  cidr: number,
  gw: string,
  type = 'public',
): DedicatedIpAssignment => ({
  ip,
  ipAttributes: { isIpv4: !ip.includes(':'), isIpv6: ip.includes(':') },
  subnetinformation: { subnet, cidr, gw, netmask: cidr === 29 ? '255.255.255.248' : '', type },
});

describe('subnetsOf', () => {
  const assignments = [
    assignment('203.0.113.10', '203.0.113.8', 29, '203.0.113.9'),
    assignment('2001:db8:100::2', '2001:db8:100::', 64, '2001:db8:100::1'),
    assignment('203.0.113.11', '203.0.113.8', 29, '203.0.113.9'),
    assignment('192.168.10.11', '192.168.10.0', 24, '', 'private'),
  ];

  it('groups the addresses of one family by subnet', () => {
    expect(subnetsOf(assignments, 4)).toEqual([
      {
        subnet: '203.0.113.8',
        cidr: 29,
        gateway: '203.0.113.9',
        netmask: '255.255.255.248',
        type: 'public',
        ips: ['203.0.113.10', '203.0.113.11'],
      },
      { subnet: '192.168.10.0', cidr: 24, gateway: '', netmask: '', type: 'private', ips: ['192.168.10.11'] },
    ]);
    expect(subnetsOf(assignments, 6).map((group) => `${group.subnet}/${group.cidr}`)).toEqual([
      '2001:db8:100::/64',
    ]);
  });

  it('gives nothing for a family the server does not have', () => {
    expect(subnetsOf(assignments.slice(0, 1), 6)).toEqual([]);
  });
});

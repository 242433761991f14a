import type { DedicatedIpAssignment } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { rdnsReadRefusal, rdnsSaveRefusal } from './tenantos-rdns-backend.ts';

const assignment = (ip: string, type = 'public'): DedicatedIpAssignment => ({
  ip,
  ipAttributes: { isIpv4: !ip.includes(':'), isIpv6: ip.includes(':') },
  subnetinformation: { subnet: ip, cidr: 32, gw: '', netmask: '', type },
});
const server = {
  ipassignments: [
    assignment('203.0.113.10'),
    assignment('2001:DB8::2'),
    assignment('192.168.10.11', 'private'),
    assignment('10.0.0.5', 'private'),
  ],
};

describe('rDNS rules of a dedicated server', () => {
  it('reads any address of the server, and none of another', () => {
    expect(rdnsReadRefusal(server, '192.168.10.11')).toBeNull();
    expect(rdnsReadRefusal(server, '2001:db8::2')).toBeNull();
    expect(rdnsReadRefusal(server, '203.0.113.99')).toBe(
      'The IP 203.0.113.99 is not assigned to this server.',
    );
  });

  it('changes public addresses only: 192.168. and private subnets are read-only', () => {
    expect(rdnsSaveRefusal(server, '203.0.113.10')).toBeNull();
    expect(rdnsSaveRefusal(server, '192.168.10.11')).toBe(
      'Reverse DNS cannot be set for the internal IP 192.168.10.11.',
    );
    expect(rdnsSaveRefusal(server, '10.0.0.5')).not.toBeNull();
    expect(rdnsSaveRefusal(server, '203.0.113.99')).not.toBeNull();
  });
});

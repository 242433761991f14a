import { isIP } from 'node:net';

/** An address as a number, with its width in bits, so v4 and v6 share the subnet arithmetic. */
interface ParsedIp {
  value: bigint;
  bits: 32 | 128;
}

function parseIp(ip: string): ParsedIp | undefined {
  const version = isIP(ip);
  if (version === 4) {
    const value = ip.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
    return { value, bits: 32 };
  }
  if (version === 6) return { value: parseIpv6(ip), bits: 128 };
  return undefined;
}

function parseIpv6(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function maskOf(cidr: number, bits: number): bigint {
  const width = BigInt(bits);
  const ones = BigInt(cidr);
  return ((1n << ones) - 1n) << (width - ones);
}

export function ipVersion(ip: string): 4 | 6 | undefined {
  const version = isIP(ip);
  return version === 4 || version === 6 ? version : undefined;
}

/** Whether `ip` lies in `subnet/cidr` (both of the same family). */
export function subnetContains(subnet: string, cidr: number, ip: string): boolean {
  const net = parseIp(subnet);
  const address = parseIp(ip);
  if (!net || !address || net.bits !== address.bits || cidr < 0 || cidr > net.bits) return false;
  const mask = maskOf(cidr, net.bits);
  return (net.value & mask) === (address.value & mask);
}

/** The netmask Tenantos shows beside a subnet: dotted for IPv4, compressed hex groups for IPv6. */
export function netmaskOf(subnet: string, cidr: number): string {
  const net = parseIp(subnet);
  if (!net) return '';
  const mask = maskOf(cidr, net.bits);
  if (net.bits === 32) {
    return [24n, 16n, 8n, 0n].map((shift) => String((mask >> shift) & 0xffn)).join('.');
  }
  const groups = Array.from({ length: 8 }, (_, i) => (mask >> BigInt(112 - i * 16)) & 0xffffn);
  const firstZero = groups.findIndex((group) => group === 0n);
  if (firstZero === -1) return groups.map((g) => g.toString(16)).join(':');
  // A netmask is ones then zeros, so the zeros always form the one trailing run '::' stands for.
  return `${groups
    .slice(0, firstZero)
    .map((g) => g.toString(16))
    .join(':')}::`;
}

const PRIVATE_V4: readonly [string, number][] = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];

export function isPrivateIp(ip: string): boolean {
  if (ipVersion(ip) === 4) return PRIVATE_V4.some(([net, cidr]) => subnetContains(net, cidr, ip));
  return subnetContains('fc00::', 7, ip);
}

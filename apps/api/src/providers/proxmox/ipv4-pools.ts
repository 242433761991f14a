/**
 * The IPv4 addresses new VMs take: ranges written in a node's notes as
 * `IPv4 pool: 198.51.100.64-198.51.100.95 prefix 24 gateway 198.51.100.1` (Proxmox has no address
 * management of its own for plain bridged VMs; the provider keeps the ranges beside the location).
 */
export interface Ipv4Lease {
  address: string;
  /** Prefix length of the network the address is in. */
  prefix: number;
  gateway: string;
}

export interface Ipv4Pool {
  first: string;
  last: string;
  prefix: number;
  gateway: string;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ADDRESS = `${OCTET}(?:\\.${OCTET}){3}`;
const POOL_LINE = new RegExp(
  `^\\s*ipv4 pool:\\s*(${ADDRESS})\\s*-\\s*(${ADDRESS})\\s+prefix\\s+(\\d{1,2})\\s+gateway\\s+(${ADDRESS})\\s*$`,
  'i',
);
/** A pool of a location is at most a /20: a typo must not make the panel walk millions of addresses. */
const MAX_POOL_SIZE = 4096;

export function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The pools a node's notes declare; lines that do not read as a pool are not pools. */
export function ipv4PoolsOf(notes: string | undefined): Ipv4Pool[] {
  return (notes ?? '').split(/\r?\n/).flatMap((line) => {
    const match = POOL_LINE.exec(line);
    if (!match) return [];
    const [, first, last, prefix, gateway] = match as unknown as [string, string, string, string, string];
    const size = ipv4ToNumber(last) - ipv4ToNumber(first) + 1;
    if (Number(prefix) > 32 || size < 1 || size > MAX_POOL_SIZE) return [];
    return [{ first, last, prefix: Number(prefix), gateway }];
  });
}

/** Every address of the pools, in order, but the gateways; each once. */
export function leasesOf(pools: readonly Ipv4Pool[]): Ipv4Lease[] {
  const seen = new Set<string>();
  const leases: Ipv4Lease[] = [];
  for (const pool of pools) {
    for (let n = ipv4ToNumber(pool.first); n <= ipv4ToNumber(pool.last); n += 1) {
      const address = numberToIpv4(n);
      if (address === pool.gateway || seen.has(address)) continue;
      seen.add(address);
      leases.push({ address, prefix: pool.prefix, gateway: pool.gateway });
    }
  }
  return leases;
}

/** The `ipconfigN` value cloud-init reads for an address (the gateway only on the first interface). */
export function ipconfigValue(lease: Ipv4Lease, withGateway: boolean): string {
  return `ip=${lease.address}/${lease.prefix}${withGateway ? `,gw=${lease.gateway}` : ''}`;
}

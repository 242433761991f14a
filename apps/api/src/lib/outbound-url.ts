import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../http/errors.ts';

/**
 * The check on URLs a customer gives us for a platform to fetch (ISO downloads): the platform
 * sits inside the provider's network, so a URL aimed at a private, loopback, link-local or
 * metadata address would let a customer make it reach internal services (API.md, "Security
 * decisions"). Only http(s) URLs whose host is public, written as an address or resolved from
 * a name, pass.
 *
 * What it cannot see: the platform resolves the name again when it downloads, and may follow
 * redirects; both are the platform's to refuse.
 */

export const OutboundUrlText = {
  invalid: 'Please provide a valid URL.',
  scheme: 'The URL must start with http:// or https://.',
  localName: 'The URL must point to a public host, not a local or internal name.',
  privateAddress: 'The URL must point to a public address, not a private or internal one.',
  unresolvable: 'The host name of the URL could not be resolved.',
} as const;

/** Addresses of a host name; the default asks the system resolver, tests pass their own. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface OutboundUrlOptions {
  resolve?: HostResolver;
  /** Resolution that takes longer counts as failed. */
  resolveTimeoutMs?: number;
}

/** Ranges that are not globally reachable (IANA special-purpose registries) or reach the host. */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata, e.g. 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including the 169.254.169.254 metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (192.0.0.192 metadata on some clouds)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo included
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, including fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits: the IPv4 one decides. */
const embeddingIpv4 = new BlockList();
embeddingIpv4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
embeddingIpv4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64
embeddingIpv4.addSubnet('64:ff9b:1::', 48, 'ipv6'); // local-use NAT64

/** Names that mean this machine or an internal network, never a public download host. */
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);
const LOCAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.localdomain',
  '.internal',
  '.intranet',
  '.lan',
  '.home',
  '.corp',
  '.private',
  '.arpa',
  '.invalid',
  '.test',
];

/** Whether an IP address (v4 or v6, without brackets) is one the platform must not be sent to. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  if (embeddingIpv4.check(address, 'ipv6') || (groups[0] === 0x2002 && groups.length === 8)) {
    // 6to4 (2002::/16) carries its IPv4 address in bits 16 to 47; the others in the last 32.
    const [high, low] = groups[0] === 0x2002 ? [groups[1]!, groups[2]!] : [groups[6]!, groups[7]!];
    return isNonPublicAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  return blocked.check(address, 'ipv6');
}

/** Whether a host name (lower case, without a trailing dot) names a local or internal host. */
export function isLocalHostName(hostname: string): boolean {
  if (LOCAL_NAMES.has(hostname)) return true;
  // A single label is looked up through the resolver's search domains: an internal name.
  if (!hostname.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => hostname.endsWith(suffix));
}

/**
 * Why a URL may not be handed to a platform to fetch, or null when it may. Host names are
 * resolved, and every address they resolve to must be public.
 */
export async function outboundUrlRefusal(
  raw: string,
  options: OutboundUrlOptions = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return OutboundUrlText.invalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return OutboundUrlText.scheme;
  // The URL parser has already turned other spellings of an address (0x7f.1, 2130706433) into
  // the dotted form, and keeps IPv6 addresses in brackets.
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') return OutboundUrlText.invalid;
  if (isIP(host)) return isNonPublicAddress(host) ? OutboundUrlText.privateAddress : null;
  if (isLocalHostName(host)) return OutboundUrlText.localName;

  const addresses = await resolveWithin(host, options);
  if (!addresses || addresses.length === 0) return OutboundUrlText.unresolvable;
  return addresses.some(isNonPublicAddress) ? OutboundUrlText.privateAddress : null;
}

/** The same check, as the 422 on the request's field that the API answers. */
export async function assertOutboundUrl(
  raw: string,
  field: string,
  options: OutboundUrlOptions = {},
): Promise<void> {
  const refusal = await outboundUrlRefusal(raw, options);
  if (refusal) throw AppError.invalid(field, refusal);
}

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

async function resolveWithin(host: string, options: OutboundUrlOptions): Promise<string[] | undefined> {
  const resolve = options.resolve ?? systemResolver;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((settle) => {
    timer = setTimeout(() => settle(undefined), options.resolveTimeoutMs ?? 5_000);
  });
  try {
    return await Promise.race([resolve(host).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${(
      (octets[2]! << 8) |
      octets[3]!
    ).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0) return undefined;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const first = parse(head);
  const last = parse(tail);
  const missing = 8 - first.length - last.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...first, ...Array<number>(Math.max(0, missing)).fill(0), ...last];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

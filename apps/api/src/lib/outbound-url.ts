import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../http/errors.ts';

/**
 * The check on URLs a customer gives us for a platform to fetch (ISO downloads): the platform
 * sits inside the provider's network, so a URL aimed at a private, loopback, link-local or
 * metadata address would let a customer make it reach internal services (API.md, "Security
 * decisions"). Only http(s) URLs whose host is a globally routable unicast address, written as an
 * address or resolved from a name, pass; and only the URL as the check read it (its normalised
 * `href`) is ever handed on, because other parsers (curl, wget, the platforms' own) read the raw
 * text differently: `http://a\@b/` is host `a` to the check and host `b` to curl.
 *
 * What it cannot see: the platform resolves the name again when it downloads, and may follow
 * redirects; both are the platform's to refuse (README, "ISO downloads").
 */

export const OutboundUrlText = {
  invalid: 'Please provide a valid URL.',
  scheme: 'The URL must start with http:// or https://.',
  characters: 'The URL may not contain spaces, line breaks, backslashes or other control characters.',
  credentials: 'The URL may not contain a user name or password.',
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

/** The IPv6 global unicast allocation: everything outside it is special or not yet assigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

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

/**
 * Whitespace, C0 and C1 control characters, DEL and the backslash: the WHATWG parser drops tabs
 * and line breaks and reads `\` as `/`, where other parsers keep them or split on them.
 */
const AMBIGUOUS_CHARACTERS = /[\s\\\p{Cc}]/u;

/**
 * Whether an IP address (v4 or v6, without brackets) is one the platform must not be sent to:
 * anything but a globally routable unicast address, as ipaddr.js classifies the IANA
 * special-purpose registries. IPv6 addresses that embed an IPv4 one (mapped, translated, NAT64,
 * 6to4, Teredo) are refused outright: a download host has no reason to be written that way.
 */
export function isNonPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6);
}

/** Whether a host name (lower case, without a trailing dot) names a local or internal host. */
export function isLocalHostName(hostname: string): boolean {
  if (LOCAL_NAMES.has(hostname)) return true;
  // A single label is looked up through the resolver's search domains: an internal name.
  if (!hostname.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => hostname.endsWith(suffix));
}

export type OutboundUrlCheck = { href: string; refusal?: never } | { href?: never; refusal: string };

/**
 * Reads a URL the way it will be handed on: the normalised `href` when it may be fetched (without
 * its fragment, which no server sees), or why not. Host names are resolved, and every address
 * they resolve to must be public.
 */
export async function checkOutboundUrl(
  raw: string,
  options: OutboundUrlOptions = {},
): Promise<OutboundUrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: OutboundUrlText.invalid };
  }
  if (AMBIGUOUS_CHARACTERS.test(raw)) return { refusal: OutboundUrlText.characters };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: OutboundUrlText.scheme };
  // `user@host` is the other classic way to make two parsers disagree on the host.
  if (url.username !== '' || url.password !== '') {
    return { refusal: OutboundUrlText.credentials };
  }
  url.hash = '';
  // The URL parser has already turned other spellings of an address (0x7f.1, 2130706433) into
  // the dotted form, and keeps IPv6 addresses in brackets.
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') return { refusal: OutboundUrlText.invalid };
  if (ipaddr.isValid(host)) {
    return isNonPublicAddress(host) ? { refusal: OutboundUrlText.privateAddress } : { href: url.href };
  }
  if (isLocalHostName(host)) return { refusal: OutboundUrlText.localName };

  const addresses = await resolveWithin(host, options);
  if (!addresses || addresses.length === 0) return { refusal: OutboundUrlText.unresolvable };
  return addresses.some(isNonPublicAddress)
    ? { refusal: OutboundUrlText.privateAddress }
    : { href: url.href };
}

/** Why a URL may not be handed to a platform to fetch, or null when it may. */
export async function outboundUrlRefusal(
  raw: string,
  options: OutboundUrlOptions = {},
): Promise<string | null> {
  return (await checkOutboundUrl(raw, options)).refusal ?? null;
}

/**
 * The same check, as the 422 on the request's field that the API answers; gives back the only
 * form of the URL that may be handed on.
 */
export async function assertOutboundUrl(
  raw: string,
  field: string,
  options: OutboundUrlOptions = {},
): Promise<string> {
  const check = await checkOutboundUrl(raw, options);
  if (check.refusal !== undefined) throw AppError.invalid(field, check.refusal);
  return check.href;
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

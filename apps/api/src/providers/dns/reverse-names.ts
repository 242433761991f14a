import { isIP } from 'node:net';

/**
 * The owner name of an address's PTR record, absolute and in lower case:
 * `20.100.51.198.in-addr.arpa.` for IPv4, the 32 nibbles of the full address under `ip6.arpa.`
 * for IPv6 (RFC 3596). Undefined when the text is not an IP address.
 */
export function reverseNameOf(ip: string): string | undefined {
  const version = isIP(ip);
  if (version === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa.`;
  if (version === 6) return `${[...ipv6Nibbles(ip)].reverse().join('.')}.ip6.arpa.`;
  return undefined;
}

/** The 32 hexadecimal digits of a valid IPv6 address, `::` expanded and a trailing IPv4 part converted. */
function ipv6Nibbles(ip: string): string {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.padStart(4, '0')).join('');
}

/** Whether `name` lies in `zone` (both absolute); DNS names compare without regard to case. */
export function isInZone(name: string, zone: string): boolean {
  const [n, z] = [name.toLowerCase(), zone.toLowerCase()];
  return z === '.' || n === z || n.endsWith(`.${z}`);
}

/** The zone holding `name`: of those it lies in, the one with the longest name (the most specific). */
export function zoneHolding<Z extends { name: string }>(name: string, zones: readonly Z[]): Z | undefined {
  let best: Z | undefined;
  for (const zone of zones) {
    if (isInZone(name, zone.name) && zone.name.length > (best?.name.length ?? -1)) best = zone;
  }
  return best;
}

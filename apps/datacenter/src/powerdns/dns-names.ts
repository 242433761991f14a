import { isIP } from 'node:net';
import { badRequest, unprocessable } from './replies.ts';

/** What PowerDNS lets into an RRset name (its apiCheckNameAllowedCharacters). */
const NAME_CHARACTERS = /^[A-Za-z0-9_/.-]+$/;
/** Characters a zone id keeps as they are; the others become `=XX` (apiZoneNameToId). */
const ID_CHARACTERS = /[A-Za-z0-9.-]/;

/**
 * A name as the API takes it: absolute (trailing dot), of allowed characters, labels of 1 to 63
 * characters. Answers it in lower case, the form the simulator stores and compares names in.
 */
export function parseApiName(name: string): string {
  if (!name.endsWith('.')) throw unprocessable(`DNS Name '${name}' is not canonical`);
  if (name === '.') return name;
  const body = name.startsWith('*.') ? name.slice(2) : name;
  if (!NAME_CHARACTERS.test(body)) throw unprocessable(`Name '${name}' contains unsupported characters`);
  const labels = name.slice(0, -1).split('.');
  if (name.length > 254 || labels.some((label) => label.length === 0 || label.length > 63)) {
    throw unprocessable(`Unable to parse DNS Name '${name}'`);
  }
  return name.toLowerCase();
}

/** The same, for names that may come without their trailing dot (zone ids, control calls). */
export const parseLooseName = (name: string) => parseApiName(name.endsWith('.') ? name : `${name}.`);

export const isPartOf = (name: string, zone: string) =>
  zone === '.' || name === zone || name.endsWith(`.${zone}`);

/** The opaque zone id PowerDNS answers and takes in URLs: the name with `=XX` escapes. */
export function zoneIdOf(zoneName: string): string {
  if (zoneName === '.') return '=2E';
  return [...zoneName]
    .map((c) =>
      ID_CHARACTERS.test(c) ? c : `=${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The zone name behind an id; a broken `=XX` escape is a 400, as in PowerDNS. */
export function zoneNameOfId(id: string): string {
  const decoded = id.replace(/=(..)?/g, (_match, hex: string | undefined) => {
    if (!hex || !/^[0-9A-F]{2}$/.test(hex)) throw badRequest();
    return String.fromCharCode(parseInt(hex, 16));
  });
  return parseLooseName(decoded);
}

/** The PTR owner name of an address: `4.3.2.1.in-addr.arpa.` or 32 nibbles under `ip6.arpa.`. */
export function reverseNameOf(ip: string): string {
  if (isIP(ip) === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa.`;
  if (isIP(ip) === 6) return `${[...ipv6Nibbles(ip)].reverse().join('.')}.ip6.arpa.`;
  throw unprocessable(`'${ip}' is not an IP address`);
}

function ipv6Nibbles(ip: string): string {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.padStart(4, '0')).join('');
}

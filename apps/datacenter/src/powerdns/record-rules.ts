import { isIP } from 'node:net';
import { unprocessable } from './replies.ts';

/** The record types the simulator knows; PowerDNS knows more, none of which Rackdesk writes. */
const KNOWN_TYPES = new Set(['A', 'AAAA', 'CAA', 'CNAME', 'MX', 'NS', 'PTR', 'SOA', 'SRV', 'TXT']);
/** Types whose content is one host name, which PowerDNS wants absolute (with its trailing dot). */
const HOST_TYPES = new Set(['CNAME', 'NS', 'PTR']);

const LABEL = /^[A-Za-z0-9_-]{1,63}$/;

function isAbsoluteHost(text: string): boolean {
  return (
    text.endsWith('.') &&
    text.length <= 254 &&
    text.length > 1 &&
    text
      .slice(0, -1)
      .split('.')
      .every((l) => LABEL.test(l))
  );
}

/** The type in upper case, or the 422 PowerDNS gives for a type it does not know. */
export function checkType(name: string, type: string): string {
  const upper = type.toUpperCase();
  if (!KNOWN_TYPES.has(upper)) throw unprocessable(`RRset ${name} IN ${type}: unknown type given`);
  return upper;
}

/** Refuses content PowerDNS would not parse back to the same text, in its words. */
export function checkContent(name: string, type: string, content: string): void {
  const problem = contentProblem(type, content);
  if (problem) throw unprocessable(`Record ${name}/${type} '${content}': ${problem}`);
}

function contentProblem(type: string, content: string): string | null {
  if (HOST_TYPES.has(type)) {
    if (isAbsoluteHost(content)) return null;
    // PowerDNS parses a relative name as absolute, then refuses it for not reading back the same.
    return isAbsoluteHost(`${content}.`)
      ? `Not in expected format (parsed as '${content}.')`
      : 'Not in expected format';
  }
  if (type === 'A') return isIP(content) === 4 ? null : 'Not in expected format';
  if (type === 'AAAA') return isIP(content) === 6 && !content.includes('.') ? null : 'Invalid IPv6 address';
  if (type === 'SOA') return soaSerialOf(content) === undefined ? 'Not in expected format' : null;
  return content.trim() === '' ? 'Not in expected format' : null;
}

/** The serial field of SOA content `mname rname serial refresh retry expire minimum`. */
export function soaSerialOf(content: string): number | undefined {
  const fields = content.trim().split(/\s+/);
  if (fields.length !== 7 || !isAbsoluteHost(fields[0]!) || !isAbsoluteHost(fields[1]!)) return undefined;
  if (!fields.slice(2).every((field) => /^\d+$/.test(field))) return undefined;
  return Number(fields[2]);
}

export function withSoaSerial(content: string, serial: number): string {
  const fields = content.trim().split(/\s+/);
  fields[2] = String(serial);
  return fields.join(' ');
}

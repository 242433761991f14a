import type { RdnsEntry } from '@rackdesk/contract';
import type { PdnsRrset, PdnsRrsetChange } from './powerdns-schemas.ts';
import { hostOfPtrContent, ptrContentOf } from './ptr-hostname.ts';

/** The TTL the panel shows for an address without a PTR record, and gives a new one by default. */
export const DEFAULT_PTR_TTL = 3600;

/** An address's entry from its PTR RRset: the first enabled record names the host. */
export function toRdnsEntry(ip: string, rrset: PdnsRrset | undefined): RdnsEntry {
  const record = rrset?.records.find((candidate) => !candidate.disabled);
  if (!rrset || !record) return { ip, host: '', ttl: DEFAULT_PTR_TTL };
  return { ip, host: hostOfPtrContent(record.content), ttl: rrset.ttl };
}

/** The PATCH RRset that gives `name` this host ('' removes its PTR records). */
export function ptrChange(name: string, host: string, ttl: number): PdnsRrsetChange {
  if (host === '') return { name, type: 'PTR', changetype: 'DELETE' };
  return {
    name,
    type: 'PTR',
    ttl,
    changetype: 'REPLACE',
    records: [{ content: ptrContentOf(host), disabled: false }],
  };
}

/** The PATCH RRset that puts `name` back as it was read (undefined: it had no PTR records). */
export function ptrRestore(name: string, previous: PdnsRrset | undefined): PdnsRrsetChange {
  if (!previous || previous.records.length === 0) return { name, type: 'PTR', changetype: 'DELETE' };
  return {
    name,
    type: 'PTR',
    ttl: previous.ttl,
    changetype: 'REPLACE',
    records: previous.records.map(({ content, disabled }) => ({ content, disabled })),
  };
}

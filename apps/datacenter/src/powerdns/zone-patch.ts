import { isPartOf, parseApiName } from './dns-names.ts';
import { checkType } from './record-rules.ts';
import { badRequest, unprocessable } from './replies.ts';
import { isObject, type Json, parseComments, parseRecords, stringField, ttlField } from './rrset-json.ts';
import type { SimRrset, SimZone } from './state.ts';

/** REPLACE: the given records and/or comments take the place of the old ones; nothing left, no RRset. */
function replaced(existing: SimRrset | undefined, name: string, type: string, change: Json, now: number) {
  const hasRecords = Array.isArray(change.records);
  const hasComments = Array.isArray(change.comments);
  if (!hasRecords && !hasComments) throw unprocessable(`No change for RRset ${name} IN ${type}`);
  const rrset: SimRrset = {
    name,
    type,
    // The TTL belongs to the records: needed only when they are replaced.
    ttl: hasRecords ? ttlField(change) : (existing?.ttl ?? 0),
    records: hasRecords ? parseRecords(name, type, change.records as unknown[]) : (existing?.records ?? []),
    comments: hasComments ? parseComments(change.comments as unknown[], now) : (existing?.comments ?? []),
  };
  return rrset.records.length > 0 || rrset.comments.length > 0 ? rrset : undefined;
}

/**
 * The RRsets of `zone` after a PATCH body `{rrsets: [{name, type, changetype, ttl, records, comments}]}`,
 * or the 400/422 PowerDNS answers. Every change is checked before any is kept, as PowerDNS does
 * them in one transaction: a refused body leaves the zone as it was.
 */
export function patchedRrsets(zone: SimZone, body: unknown, now: number): SimRrset[] {
  if (!isObject(body)) throw badRequest();
  if (!Array.isArray(body.rrsets)) throw unprocessable('No rrsets given in update request');
  let rrsets = structuredClone(zone.rrsets);
  const seen = new Set<string>();
  for (const change of body.rrsets) {
    if (!isObject(change)) throw unprocessable(`Key 'changetype' not present or not a String`);
    const changetype = stringField(change, 'changetype').toUpperCase();
    const name = parseApiName(stringField(change, 'name'));
    const type = checkType(name, stringField(change, 'type'));
    const key = `${name} ${type}`;
    if (seen.has(key)) throw unprocessable(`Duplicate RRset ${name} IN ${type}`);
    seen.add(key);

    const matches = (rrset: SimRrset) => rrset.name === name && rrset.type === type;
    const existing = rrsets.find(matches);
    const others = rrsets.filter((rrset) => !matches(rrset));
    if (changetype === 'DELETE') {
      rrsets = others;
    } else if (changetype === 'REPLACE') {
      // Only REPLACE checks the zone: DELETE may clean up a name that should never have been there.
      if (!isPartOf(name, zone.name)) throw unprocessable(`RRset ${name} IN ${type}: Name is out of zone`);
      const next = replaced(existing, name, type, change, now);
      rrsets = next ? [...others, next] : others;
    } else {
      throw unprocessable('Changetype not understood');
    }
  }
  return rrsets;
}

import { zoneIdOf } from './dns-names.ts';
import { sortedRrsets } from './presenter.ts';
import { unprocessable } from './replies.ts';
import type { SimZone } from './state.ts';

const objectTypes = ['all', 'zone', 'record', 'comment'] as const;
type ObjectType = (typeof objectTypes)[number];

export interface SearchQuery {
  q?: string | undefined;
  max?: string | undefined;
  object_type?: string | undefined;
}

/**
 * PowerDNS's wildcard match: the whole text, without regard to case, `*` for any run of
 * characters and `?` for one.
 */
export function wildcardMatch(pattern: string): (text: string) => boolean {
  const source = [...pattern]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('');
  const expression = new RegExp(`^${source}$`, 'is');
  return (text) => expression.test(text);
}

const withoutRootDot = (name: string) => (name.length > 1 && name.endsWith('.') ? name.slice(0, -1) : name);
/** Record content as a database backend stores it: names without their trailing dot. */
const storedContent = (content: string) => content.replace(/\.(?= |$)/g, '');

function parseSearch(query: SearchQuery): {
  matches: (text: string) => boolean;
  max: number;
  type: ObjectType;
} {
  if (!query.q) throw unprocessable("Query q can't be blank");
  let max = 100;
  if (query.max !== undefined && query.max !== '') {
    if (!/^-?\d+$/.test(query.max.trim())) throw unprocessable('Invalid value for maximum entries');
    max = Number(query.max);
  }
  if (max < 1) throw unprocessable('Maximum entries must be larger than 0');
  const type = (query.object_type || 'all') as ObjectType;
  if (!objectTypes.includes(type)) {
    throw unprocessable('object_type must be one of the following options: all, zone, record, comment');
  }
  return { matches: wildcardMatch(query.q), max, type };
}

/**
 * `GET /servers/{server_id}/search-data`: zones, records and comments whose name (without the
 * trailing dot) or content matches `q`, at most `max` of each kind, zones first.
 */
export function searchData(zones: readonly SimZone[], query: SearchQuery) {
  const { matches, max, type } = parseSearch(query);
  const wants = (kind: ObjectType) => type === 'all' || type === kind;
  const found = {
    zones: [] as object[],
    records: [] as object[],
    comments: [] as object[],
  };
  for (const zone of zones) {
    const where = { zone_id: zoneIdOf(zone.name), zone: zone.name };
    if (wants('zone') && found.zones.length < max && matches(withoutRootDot(zone.name))) {
      found.zones.push({ object_type: 'zone', zone_id: where.zone_id, name: zone.name });
    }
    for (const rrset of sortedRrsets(zone)) {
      const nameMatches = matches(withoutRootDot(rrset.name));
      for (const record of rrset.records) {
        if (!wants('record') || found.records.length >= max) break;
        if (!nameMatches && !matches(record.content) && !matches(storedContent(record.content))) continue;
        const { name, type: rrtype, ttl } = rrset;
        found.records.push({
          object_type: 'record',
          name,
          type: rrtype,
          ttl,
          disabled: record.disabled,
          content: record.content,
          ...where,
        });
      }
      for (const comment of rrset.comments) {
        if (!wants('comment') || found.comments.length >= max) break;
        if (!nameMatches && !matches(comment.content)) continue;
        found.comments.push({
          object_type: 'comment',
          name: rrset.name,
          type: rrset.type,
          content: comment.content,
          ...where,
        });
      }
    }
  }
  return [...found.zones, ...found.records, ...found.comments];
}

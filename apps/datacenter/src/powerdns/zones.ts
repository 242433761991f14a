import { isPartOf, parseApiName } from './dns-names.ts';
import { checkContent, checkType } from './record-rules.ts';
import { unprocessable } from './replies.ts';
import { addRecord } from './rrset-json.ts';
import type { SimRrset, SimZone, ZoneKind } from './state.ts';
import { recordChange } from './zone-serial.ts';

/** The simulated provider's name servers, named in every zone's NS and SOA records. */
export const NAMESERVERS = ['ns1.rackdesk.example.', 'ns2.rackdesk.example.'] as const;
const HOSTMASTER = 'hostmaster.rackdesk.example.';
const APEX_TTL = 3600;

/** One record to put in a zone, as the control API and the demo zones give them. */
export interface RecordInput {
  name: string;
  type: string;
  ttl: number;
  content: string;
  disabled: boolean;
}

/**
 * The SOA record every zone starts with (the simulated server's default-soa-content) and an NS
 * RRset of `nameservers`, if any; recordChange raises the serial right away.
 */
function apexRrsets(zoneName: string, serial: number, nameservers: readonly string[]): SimRrset[] {
  const soa = `${NAMESERVERS[0]} ${HOSTMASTER} ${serial} 10800 3600 604800 3600`;
  const rrsets: SimRrset[] = [
    {
      name: zoneName,
      type: 'SOA',
      ttl: APEX_TTL,
      records: [{ content: soa, disabled: false }],
      comments: [],
    },
  ];
  if (nameservers.length > 0) {
    rrsets.push({
      name: zoneName,
      type: 'NS',
      ttl: APEX_TTL,
      records: nameservers.map((content) => ({ content, disabled: false })),
      comments: [],
    });
  }
  return rrsets;
}

/** Checks records as a PATCH would and groups them into RRsets (the first TTL of a set wins). */
export function rrsetsOf(zoneName: string, records: readonly RecordInput[]): SimRrset[] {
  const rrsets = new Map<string, SimRrset>();
  for (const record of records) {
    const name = parseApiName(record.name);
    const type = checkType(name, record.type);
    if (!isPartOf(name, zoneName)) throw unprocessable(`RRset ${name} IN ${type}: Name is out of zone`);
    checkContent(name, type, record.content);
    const key = `${name} ${type}`;
    const rrset = rrsets.get(key) ?? { name, type, ttl: record.ttl, records: [], comments: [] };
    addRecord(rrset.records, name, type, { content: record.content, disabled: record.disabled });
    rrsets.set(key, rrset);
  }
  return [...rrsets.values()];
}

export interface ZoneInput {
  name: string;
  kind: ZoneKind;
  account: string;
  records: readonly RecordInput[];
  /** The zone's NS records, unless `records` brings them; the provider's own by default. */
  nameservers?: readonly string[];
  /** The serial of a new zone's SOA record before the change raises it (default 0). */
  serial?: number;
}

/**
 * A zone holding `records` plus the SOA and NS records (unless `records` brings its own). Built
 * over an existing zone of that name, it keeps its serial history and raises it as a change.
 */
export function buildZone(
  input: ZoneInput,
  previous: SimZone | undefined,
  now: number,
  timeScale: number,
): SimZone {
  const given = rrsetsOf(input.name, input.records);
  // A rebuilt zone goes on from its old serial, so secondaries see the rebuild as newer.
  const serial = previous?.serial ?? input.serial ?? 0;
  const apex = apexRrsets(input.name, serial, input.nameservers ?? NAMESERVERS).filter(
    (rrset) => !given.some((other) => other.name === rrset.name && other.type === rrset.type),
  );
  const zone: SimZone = {
    name: input.name,
    kind: input.kind,
    account: input.account,
    serial,
    notifiedSerial: previous?.notifiedSerial ?? 0,
    notifyDoneAt: null,
    rrsets: [...apex, ...given],
  };
  recordChange(zone, now, timeScale);
  return zone;
}

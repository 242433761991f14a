import { isPartOf, parseApiName } from './dns-names.ts';
import { checkType } from './record-rules.ts';
import { badRequest, PowerDnsError, unprocessable } from './replies.ts';
import { isObject, type Json, parseComments, stringField, ttlField } from './rrset-json.ts';
import type { SimComment, SimZone, ZoneKind } from './state.ts';
import { buildZone, type RecordInput } from './zones.ts';

/** Kinds PowerDNS knows that the simulator does not keep: zones fed from elsewhere. */
const UNSIMULATED_KINDS = new Set(['SLAVE', 'SECONDARY', 'PRODUCER', 'CONSUMER']);

/** PowerDNS reads the kind without regard to case; Primary is the newer name of Master, anything else is Native. */
export function zoneKindOf(kind: string): ZoneKind {
  const upper = kind.toUpperCase();
  if (upper === 'MASTER' || upper === 'PRIMARY') return 'Master';
  if (UNSIMULATED_KINDS.has(upper)) throw unprocessable(`Zones of kind '${kind}' are not simulated`);
  return 'Native';
}

/** A refusal of the rrsets' JSON, worded as PowerDNS wraps it when creating a zone. */
function inRrsets<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof PowerDnsError && error.message.startsWith('Key ')) {
      throw unprocessable(`New RRsets are invalid: ${error.message}`);
    }
    throw error;
  }
}

interface GivenRrsets {
  records: RecordInput[];
  comments: { name: string; type: string; comments: SimComment[] }[];
}

function givenRrsets(zoneName: string, items: unknown[], now: number): GivenRrsets {
  const given: GivenRrsets = { records: [], comments: [] };
  for (const item of items) {
    const rrset = inRrsets(() => {
      if (!isObject(item)) throw unprocessable(`Key 'name' not present or not a String`);
      return item;
    });
    const name = parseApiName(inRrsets(() => stringField(rrset, 'name')));
    const type = checkType(
      name,
      inRrsets(() => stringField(rrset, 'type')),
    );
    if (!isPartOf(name, zoneName)) throw unprocessable(`RRset ${name} IN ${type}: Name is out of zone`);
    if (Array.isArray(rrset.records)) {
      const ttl = inRrsets(() => ttlField(rrset));
      for (const record of rrset.records as unknown[]) {
        const content = inRrsets(() => {
          if (!isObject(record)) throw unprocessable(`Key 'content' not present or not a String`);
          return stringField(record, 'content');
        });
        given.records.push({ name, type, ttl, content, disabled: (record as Json).disabled === true });
      }
    }
    if (Array.isArray(rrset.comments)) {
      given.comments.push({
        name,
        type,
        comments: inRrsets(() => parseComments(rrset.comments as unknown[], now)),
      });
    }
  }
  return given;
}

/** The `nameservers` of a new zone: absolute names that parse, as PowerDNS checks them. */
function nameserversOf(body: Json): string[] {
  const { nameservers } = body;
  if (nameservers === undefined || nameservers === null) return [];
  if (!Array.isArray(nameservers)) throw unprocessable('Nameservers is not a list');
  return nameservers.map((nameserver: unknown) => {
    if (typeof nameserver !== 'string' || nameserver === '') {
      throw unprocessable('Nameservers must be non-empty strings');
    }
    if (!nameserver.endsWith('.')) throw unprocessable(`Nameserver is not canonical: '${nameserver}'`);
    try {
      return parseApiName(nameserver);
    } catch {
      throw unprocessable(`Unable to parse DNS Name for NS '${nameserver}'`);
    }
  });
}

/**
 * The zone a `POST /servers/{server_id}/zones` body creates, checked as PowerDNS checks it: a
 * name not taken yet (409), a kind, rrsets or nameservers (not both for the apex NS), a SOA
 * synthesized from the simulated server's default unless given, serial raised by SOA-EDIT-API.
 */
export function createdZone(
  body: unknown,
  existing: Readonly<Record<string, SimZone>>,
  now: number,
  timeScale: number,
): SimZone {
  if (!isObject(body)) throw badRequest();
  const name = parseApiName(stringField(body, 'name'));
  if (existing[name]) throw new PowerDnsError(409, 'Conflict');
  const kind = zoneKindOf(stringField(body, 'kind'));
  const rrsets = Array.isArray(body.rrsets) ? (body.rrsets as unknown[]) : undefined;
  const zoneText = typeof body.zone === 'string' ? body.zone : '';
  if (rrsets && zoneText) throw unprocessable('You cannot give rrsets AND zone data as text');
  // Simulator choices: no zone-file parser and no DNSSEC signing behind this API.
  if (zoneText) throw unprocessable('Zone data as text is not simulated: give rrsets');
  if (body.dnssec === true) throw unprocessable('DNSSEC is not simulated');

  const nameservers = nameserversOf(body);
  const given = givenRrsets(name, rrsets ?? [], now);
  if (
    nameservers.length > 0 &&
    given.records.some((record) => record.name === name && record.type === 'NS')
  ) {
    throw unprocessable('Nameservers list MUST NOT be mixed with zone-level NS in rrsets');
  }
  const zone = buildZone(
    {
      name,
      kind,
      account: typeof body.account === 'string' ? body.account : '',
      records: given.records,
      nameservers,
      serial: typeof body.serial === 'number' && Number.isInteger(body.serial) ? body.serial : 0,
    },
    undefined,
    now,
    timeScale,
  );
  for (const { name: owner, type, comments } of given.comments) {
    const rrset = zone.rrsets.find((candidate) => candidate.name === owner && candidate.type === type);
    if (rrset) rrset.comments = comments;
    else zone.rrsets.push({ name: owner, type, ttl: 0, records: [], comments });
  }
  return zone;
}

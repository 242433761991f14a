import { zoneIdOf } from './dns-names.ts';
import type { SimRrset, SimZone } from './state.ts';

export const SERVER_ID = 'localhost';
const SERVER_URL = `/api/v1/servers/${SERVER_ID}`;

/** The one server a PowerDNS Authoritative API answers for; the version says it is simulated. */
export const server = {
  type: 'Server',
  id: SERVER_ID,
  daemon_type: 'authoritative',
  version: '4.9.0-rackdesk-simulator',
  url: SERVER_URL,
  config_url: `${SERVER_URL}/config{/config_setting}`,
  zones_url: `${SERVER_URL}/zones{/zone}`,
};

/** A zone as GET .../zones lists it; `dnssec=false` leaves out `dnssec` and `edited_serial`. */
export function presentZoneSummary(zone: SimZone, options: { dnssec: boolean } = { dnssec: true }) {
  const id = zoneIdOf(zone.name);
  return {
    account: zone.account,
    catalog: '',
    ...(options.dnssec ? { dnssec: false, edited_serial: zone.serial } : {}),
    id,
    kind: zone.kind,
    last_check: 0,
    masters: [],
    name: zone.name,
    notified_serial: zone.notifiedSerial,
    serial: zone.serial,
    url: `${SERVER_URL}/zones/${id}`,
  };
}

/** Which RRsets GET .../zones/{zone_id} includes (its `rrsets`, `rrset_name`, `rrset_type`, `include_disabled`). */
export interface RrsetFilter {
  rrsets: boolean;
  /** Adds `record_count`: the records of the RRsets shown. */
  recordCount?: boolean;
  name?: string | undefined;
  type?: string | undefined;
  includeDisabled: boolean;
}

const byNameThenType = (a: SimRrset, b: SimRrset) =>
  a.name === b.name ? a.type.localeCompare(b.type) : a.name.localeCompare(b.name);

/** The zone's RRsets in the order PowerDNS lists them: by name, then type. */
export const sortedRrsets = (zone: SimZone) => [...zone.rrsets].sort(byNameThenType);

function presentRrsets(zone: SimZone, filter: RrsetFilter) {
  return zone.rrsets
    .filter(
      (rrset) => (!filter.name || rrset.name === filter.name) && (!filter.type || rrset.type === filter.type),
    )
    .map((rrset) => ({
      ...rrset,
      records: rrset.records.filter((record) => filter.includeDisabled || !record.disabled),
    }))
    .filter((rrset) => rrset.records.length > 0 || rrset.comments.length > 0)
    .sort(byNameThenType)
    .map(({ name, type, ttl, records, comments }) => ({ name, type, ttl, records, comments }));
}

/** A zone as GET .../zones/{zone_id} answers it. */
export function presentZone(zone: SimZone, filter: RrsetFilter = { rrsets: true, includeDisabled: true }) {
  const rrsets = presentRrsets(zone, filter);
  return {
    ...presentZoneSummary(zone),
    api_rectify: false,
    master_tsig_key_ids: [],
    nsec3narrow: false,
    nsec3param: '',
    presigned: false,
    slave_tsig_key_ids: [],
    soa_edit: '',
    soa_edit_api: 'DEFAULT',
    ...(filter.recordCount
      ? { record_count: rrsets.reduce((sum, rrset) => sum + rrset.records.length, 0) }
      : {}),
    ...(filter.rrsets ? { rrsets } : {}),
  };
}

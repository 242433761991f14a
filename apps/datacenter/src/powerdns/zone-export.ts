import { sortedRrsets } from './presenter.ts';
import type { SimZone } from './state.ts';

/**
 * The zone in AXFR form, as `GET …/zones/{zone_id}/export` gives it: one line per enabled record,
 * `name<TAB>ttl<TAB>IN<TAB>type<TAB>content`, names absolute.
 */
export function exportZone(zone: SimZone): string {
  return sortedRrsets(zone)
    .flatMap((rrset) =>
      rrset.records
        .filter((record) => !record.disabled)
        .map((record) => `${rrset.name}\t${rrset.ttl}\tIN\t${rrset.type}\t${record.content}\n`),
    )
    .join('');
}

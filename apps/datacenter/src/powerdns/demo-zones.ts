import type { SimZone } from './state.ts';
import { buildZone } from './zones.ts';

/**
 * The reverse zones a fresh simulator serves: the documentation networks the demo machines take
 * their addresses from (198.51.100.0/24, 203.0.113.0/24 and 2001:db8::/32). They hold only their
 * SOA and NS records; PTR records come from the panel or from POST /_control/powerdns/zones.
 */
export const DEMO_REVERSE_ZONES = [
  '100.51.198.in-addr.arpa.',
  '113.0.203.in-addr.arpa.',
  '8.b.d.0.1.0.0.2.ip6.arpa.',
] as const;

export function demoZones(now: number): Record<string, SimZone> {
  const zones: Record<string, SimZone> = {};
  for (const name of DEMO_REVERSE_ZONES) {
    const zone = buildZone({ name, kind: 'Master', account: '', records: [] }, undefined, now, 0);
    // They predate the simulator's start, so their secondaries are already in sync.
    zone.notifiedSerial = zone.serial;
    zone.notifyDoneAt = null;
    zones[name] = zone;
  }
  return zones;
}

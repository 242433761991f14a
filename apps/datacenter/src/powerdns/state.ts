import type { SimContext } from '../context.ts';
import { demoZones } from './demo-zones.ts';

export interface SimRecord {
  content: string;
  disabled: boolean;
}

export interface SimComment {
  content: string;
  account: string;
  modified_at: number;
}

/** All records of one name and type, as PowerDNS groups them. Names are stored in lower case. */
export interface SimRrset {
  name: string;
  type: string;
  ttl: number;
  records: SimRecord[];
  comments: SimComment[];
}

/** Native zones are replicated by the database; Master zones NOTIFY their secondaries. */
export const zoneKinds = ['Native', 'Master'] as const;
export type ZoneKind = (typeof zoneKinds)[number];

export interface SimZone {
  name: string;
  kind: ZoneKind;
  account: string;
  /** The SOA serial, kept equal to the serial in the SOA record; every change raises it. */
  serial: number;
  /** The serial the secondaries have fetched after their NOTIFY (Master zones). */
  notifiedSerial: number;
  /** When the secondaries will have fetched `serial`; null when they are up to date. */
  notifyDoneAt: number | null;
  rrsets: SimRrset[];
}

export interface PowerDnsState {
  /** By zone name, lower case with its trailing dot. */
  zones: Record<string, SimZone>;
}

/** The upstream's section of the persistent store; mutate it and call `ctx.store.save()`. */
export function powerDnsState(ctx: SimContext): PowerDnsState {
  return ctx.store.section<PowerDnsState>('powerdns', () => ({ zones: demoZones(ctx.clock.now()) }));
}

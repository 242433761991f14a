import { soaSerialOf, withSoaSerial } from './record-rules.ts';
import type { SimZone } from './state.ts';

/** How long the secondaries of a Master zone take to answer a NOTIFY and fetch a change, at timeScale 1. */
export const NOTIFY_SECONDS = 5;

/**
 * The serial after a change under SOA-EDIT-API `DEFAULT`: YYYYMMDD01 of the (simulated) day, or
 * one more than the current serial when that is not lower, so serials only ever grow.
 */
export function editedSerial(current: number, now: number): number {
  const day = new Date(now);
  const generated =
    (day.getUTCFullYear() * 10_000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate()) * 100 + 1;
  return current < generated ? generated : current + 1;
}

/**
 * What every change to a zone does besides the change itself: raise the serial in the SOA record
 * (a client may just have replaced that record; its serial is the one raised) and, for a Master
 * zone, send a NOTIFY that the secondaries settle a few seconds later.
 */
export function recordChange(zone: SimZone, now: number, timeScale: number): void {
  const soa = zone.rrsets.find((rrset) => rrset.type === 'SOA' && rrset.name === zone.name)?.records[0];
  zone.serial = editedSerial(soa ? (soaSerialOf(soa.content) ?? zone.serial) : zone.serial, now);
  if (soa) soa.content = withSoaSerial(soa.content, zone.serial);
  if (zone.kind === 'Master') zone.notifyDoneAt = now + NOTIFY_SECONDS * 1000 * timeScale;
}

/** Brings a zone up to `now`; true when something changed (the caller saves). */
export function settleZone(zone: SimZone, now: number): boolean {
  if (zone.notifyDoneAt === null || now < zone.notifyDoneAt) return false;
  zone.notifiedSerial = zone.serial;
  zone.notifyDoneAt = null;
  return true;
}

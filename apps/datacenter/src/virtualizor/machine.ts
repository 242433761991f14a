import { settlePower } from './power.ts';
import { REINSTALL_LOCK_TEXT, settleReinstall } from './reinstall.ts';
import type { SimVps } from './state.ts';

/**
 * Brings a VPS up to `now`: operations whose time has passed complete. Called before every read
 * or change, so nothing needs a timer and a restarted simulator picks up where it was.
 */
export function settle(vps: SimVps, now: number): boolean {
  const reinstalled = settleReinstall(vps, now);
  const powered = settlePower(vps, now);
  return reinstalled || powered;
}

/** Virtualizor's `locked` text: empty when the VPS may be acted on. */
export function lockText(vps: SimVps): string {
  return vps.reinstall ? REINSTALL_LOCK_TEXT : vps.lockText;
}

/** Seconds since the last boot, 0 while off. */
export function uptimeSeconds(vps: SimVps, now: number): number {
  return vps.on ? Math.max(0, Math.floor((now - vps.since) / 1000)) : 0;
}

/** Whether the VPS was running at `at`, from its power log (used by the usage history). */
export function wasOnAt(vps: SimVps, at: number): boolean {
  let on: boolean | undefined;
  for (const change of vps.powerLog) {
    if (change.at > at) break;
    on = change.on;
  }
  // Before the oldest change kept, the VPS was in the opposite state of that change.
  return on ?? !(vps.powerLog[0]?.on ?? !vps.on);
}

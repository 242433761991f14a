import { logPower, type SimVps } from './state.ts';

/** How long a reinstall keeps the VPS locked at timeScale 1. */
export const REINSTALL_MS = 120_000;
export const REINSTALL_LOCK_TEXT = 'Reinstalling OS';

/** The reinstall stops the VPS at once and any power action under way is forgotten. */
export function beginReinstall(
  vps: SimVps,
  request: { osid: number; passwordSha256: string },
  now: number,
  durationMs: number,
): void {
  vps.pendingPower = null;
  if (vps.on) logPower(vps, now, false);
  vps.on = false;
  vps.since = now;
  vps.reinstall = { ...request, startedAt: now, durationMs };
}

/** Finishes the reinstall once its time has come: new OS, new root password, booted and unlocked. */
export function settleReinstall(vps: SimVps, now: number): boolean {
  const reinstall = vps.reinstall;
  if (!reinstall) return false;
  const doneAt = reinstall.startedAt + reinstall.durationMs;
  if (now < doneAt) return false;
  vps.osid = reinstall.osid;
  vps.rootPasswordSha256 = reinstall.passwordSha256;
  vps.passwordChangedAt = doneAt;
  vps.installedAt = doneAt;
  vps.on = true;
  vps.since = doneAt;
  logPower(vps, doneAt, true);
  vps.reinstall = null;
  return true;
}

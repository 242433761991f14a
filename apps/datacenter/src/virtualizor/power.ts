import { logPower, type PowerAction, type SimVps } from './state.ts';

/** How long each power operation takes at timeScale 1: an ACPI stop waits for the guest, a power cut does not. */
export const POWER_MS: Record<PowerAction, number> = {
  start: 8_000,
  stop: 10_000,
  restart: 12_000,
  poweroff: 2_000,
};

export const powerActions = Object.keys(POWER_MS) as PowerAction[];

export function isPowerAction(act: string): act is PowerAction {
  return act in POWER_MS;
}

/** Where the VPS ends up once the action completes. */
function endsOn(action: PowerAction): boolean {
  return action === 'start' || action === 'restart';
}

/** Completes the pending power action once its time has come; true when the VPS changed. */
export function settlePower(vps: SimVps, now: number): boolean {
  const pending = vps.pendingPower;
  if (!pending) return false;
  const doneAt = pending.startedAt + pending.durationMs;
  if (now < doneAt) return false;
  const on = endsOn(pending.action);
  // A restart is a fresh boot: uptime starts again even though the VPS was on before.
  if (on !== vps.on || pending.action === 'restart') {
    vps.on = on;
    vps.since = doneAt;
    logPower(vps, doneAt, on);
  }
  vps.pendingPower = null;
  return true;
}

/**
 * Whether the action would change anything. Starting a running VPS or stopping a stopped one is
 * accepted and does nothing, as on a real panel; a restart of a stopped VPS boots it.
 */
export function powerActionNeeded(vps: SimVps, action: PowerAction): boolean {
  if (action === 'restart') return true;
  return endsOn(action) !== vps.on;
}

export function beginPower(vps: SimVps, action: PowerAction, now: number, durationMs: number): void {
  vps.pendingPower = { action, startedAt: now, durationMs };
}

/** Virtualizor's status: 1 once the VPS runs. A booting VPS is not up yet; a stopping one still is. */
export function powerStatus(vps: SimVps): 0 | 1 {
  if (vps.pendingPower?.action === 'start') return 0;
  return vps.on ? 1 : 0;
}

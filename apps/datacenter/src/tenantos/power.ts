import { scaledMs, type SimServer } from './state.ts';

/** How long each power operation takes at timeScale 1, in seconds. */
export const POWER_SECONDS = { on: 8, off: 6, reset: 12, bmcReset: 60 } as const;

/** The power methods of `GET /api/servers/{id}/power/{method}`, by their documented names. */
export const powerMethods = [
  'getPowerStatus',
  'setPowerOn',
  'setPowerOff',
  'setPowerReset',
  'setPowerCycle',
  'setBmcReset',
] as const;
export type PowerMethod = (typeof powerMethods)[number];

export type PowerStatus = 'on' | 'off' | 'powering on' | 'powering off' | 'resetting' | 'unknown';

/** What the server's power provider can do: its `supportedFeatures`. */
export function supportedPowerMethods(server: SimServer): PowerMethod[] {
  if (!server.powerProvider) return [];
  return powerMethods.filter((method) => method !== 'setBmcReset' || server.bmcReset);
}

/** Ends the power transition and the BMC reset once their time has come. */
export function settlePower(server: SimServer, now: number): boolean {
  let changed = false;
  const transition = server.power.transition;
  if (transition && now >= transition.endsAt) {
    const off = transition.kind === 'off';
    server.power = { state: off ? 'off' : 'on', transition: null, offSince: off ? transition.endsAt : null };
    changed = true;
  }
  if (server.bmcResettingUntil !== null && now >= server.bmcResettingUntil) {
    server.bmcResettingUntil = null;
    changed = true;
  }
  return changed;
}

export function isBmcResetting(server: SimServer): boolean {
  return server.bmcResettingUntil !== null;
}

const TRANSITION_STATUS = { on: 'powering on', off: 'powering off', reset: 'resetting' } as const;

/** The status as read over IPMI; call after `settlePower`. While the BMC restarts nobody knows. */
export function powerStatus(server: SimServer): PowerStatus {
  if (isBmcResetting(server)) return 'unknown';
  const transition = server.power.transition;
  return transition ? TRANSITION_STATUS[transition.kind] : server.power.state;
}

/**
 * Starts a power operation from the settled state. Like a chassis command it is accepted at any
 * time: a new command replaces one still running, and switching on a server that is on does
 * nothing.
 */
export function startPowerAction(
  server: SimServer,
  kind: 'on' | 'off' | 'reset',
  now: number,
  scale: number,
) {
  const { state, transition } = server.power;
  if (!transition && kind !== 'reset' && state === kind) return;
  server.power.transition = { kind, endsAt: now + scaledMs(POWER_SECONDS[kind], scale) };
}

export function startBmcReset(server: SimServer, now: number, scale: number): void {
  server.bmcResettingUntil = now + scaledMs(POWER_SECONDS.bmcReset, scale);
}

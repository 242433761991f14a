export type PowerAction = 'start' | 'powerOff' | 'restart';

/** A power action the platform accepted and is still carrying out. */
export interface PowerTransition {
  action: PowerAction;
  /** Client clock, when the action was accepted. */
  startedAtMs: number;
}

/** What the latest server detail said about power, and when it was read (client clock). */
export interface PowerReading {
  isOn: boolean;
  uptimeSeconds: number;
  readAtMs: number;
}

/** A transition that has not settled by then is given up: the detail shows what really is. */
export const POWER_TRANSITION_TIMEOUT_MS = 5 * 60_000;

/**
 * Whether a power action has visibly completed: a start once the server runs, a power-off once
 * it is off, a reboot once the server is up again with an uptime that began after the reboot was
 * asked for. Only readings taken after the action count.
 */
export function isTransitionOver(
  transition: PowerTransition,
  reading: PowerReading | undefined,
  nowMs: number,
): boolean {
  if (nowMs - transition.startedAtMs >= POWER_TRANSITION_TIMEOUT_MS) return true;
  if (!reading || reading.readAtMs <= transition.startedAtMs) return false;
  switch (transition.action) {
    case 'start':
      return reading.isOn;
    case 'powerOff':
      return !reading.isOn;
    case 'restart':
      return reading.isOn && reading.uptimeSeconds * 1000 <= reading.readAtMs - transition.startedAtMs;
  }
}

/** The power switch shows where a start or power-off is going, not where the server still is. */
export function switchShowsOn(isOn: boolean, transition: PowerTransition | null): boolean {
  if (transition?.action === 'start') return true;
  if (transition?.action === 'powerOff') return false;
  return isOn;
}

export const transitionLabel: Record<PowerAction, string> = {
  start: 'Starting…',
  powerOff: 'Powering off…',
  restart: 'Rebooting…',
};

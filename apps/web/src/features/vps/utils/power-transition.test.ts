import { describe, expect, it } from 'vitest';
import {
  isTransitionOver,
  POWER_TRANSITION_TIMEOUT_MS,
  type PowerTransition,
  switchShowsOn,
} from './power-transition.ts';

const at = 1_000_000;
const transition = (action: PowerTransition['action']): PowerTransition => ({ action, startedAtMs: at });
const reading = (isOn: boolean, uptimeSeconds: number, readAtMs: number) => ({
  isOn,
  uptimeSeconds,
  readAtMs,
});

describe('isTransitionOver', () => {
  it('ends a start once the server runs, a power-off once it is off', () => {
    expect(isTransitionOver(transition('start'), reading(false, 0, at + 1000), at + 1000)).toBe(false);
    expect(isTransitionOver(transition('start'), reading(true, 3, at + 9000), at + 9000)).toBe(true);
    expect(isTransitionOver(transition('powerOff'), reading(true, 500, at + 1000), at + 1000)).toBe(false);
    expect(isTransitionOver(transition('powerOff'), reading(false, 0, at + 3000), at + 3000)).toBe(true);
  });

  it('ends a reboot once the uptime began after the reboot was asked for', () => {
    const reboot = transition('restart');
    expect(isTransitionOver(reboot, reading(true, 86_400, at + 5000), at + 5000)).toBe(false);
    expect(isTransitionOver(reboot, reading(false, 0, at + 5000), at + 5000)).toBe(false);
    expect(isTransitionOver(reboot, reading(true, 20, at + 30_000), at + 30_000)).toBe(true);
  });

  it('ignores readings from before the action', () => {
    expect(isTransitionOver(transition('start'), reading(true, 999, at - 1), at + 10)).toBe(false);
    expect(isTransitionOver(transition('start'), undefined, at + 10)).toBe(false);
  });

  it('gives up after the timeout', () => {
    const late = at + POWER_TRANSITION_TIMEOUT_MS;
    expect(isTransitionOver(transition('start'), reading(false, 0, late), late)).toBe(true);
  });
});

describe('switchShowsOn', () => {
  it('follows the server, or where a start or power-off is going', () => {
    expect(switchShowsOn(true, null)).toBe(true);
    expect(switchShowsOn(false, transition('start'))).toBe(true);
    expect(switchShowsOn(true, transition('powerOff'))).toBe(false);
    expect(switchShowsOn(true, transition('restart'))).toBe(true);
  });
});

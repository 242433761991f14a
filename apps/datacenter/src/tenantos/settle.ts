import { settlePower } from './power.ts';
import { settleInstall } from './provisioning.ts';
import type { SimServer } from './state.ts';

/**
 * Brings a server up to `now`: operations whose time is up are completed. Called before every
 * read or change, so the state needs no timers and survives a restart of the simulator.
 */
export function settleServer(server: SimServer, now: number): boolean {
  const power = settlePower(server, now);
  const install = settleInstall(server, now);
  return power || install;
}

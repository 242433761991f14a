import { z } from 'zod';
import type { Config } from '../../../config.ts';

/** Where the billing cycle reads the time: renewals, overdue notices and suspensions follow it. */
export interface BillingClock {
  now(): Promise<Date>;
}

export const systemClock: BillingClock = { now: async () => new Date() };

const clockAnswer = z.object({ now: z.number().int() });

/**
 * The datacenter simulator's clock, read on every use: tests and demos move it forward through
 * the simulator's control API and the cycle sees the new day at once, on every instance alike,
 * since nothing is cached here. Unreachable, the cycle fails and its job runs again later.
 */
export function simulatorClock(controlUrl: string, timeoutMs: number): BillingClock {
  return {
    async now() {
      const response = await fetch(`${controlUrl}/_control/clock`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`The simulator's clock answered ${response.status}`);
      return new Date(clockAnswer.parse(await response.json()).now);
    },
  };
}

/** The simulator's clock when one runs (tests, demo), else the system's. */
export function createBillingClock(config: Config): BillingClock {
  return config.simulator.url
    ? simulatorClock(config.simulator.url, config.upstreams.timeoutMs)
    : systemClock;
}

import type { SimContext } from '../context.ts';

export type PowerAction = 'start' | 'stop' | 'restart' | 'poweroff';
export type BootOrder = 'cda' | 'dca';

/** A power operation under way: it completes `durationMs` after `startedAt`. */
export interface PendingPower {
  action: PowerAction;
  startedAt: number;
  durationMs: number;
}

/** An OS reinstall under way: the VPS stays locked until it completes. */
export interface PendingReinstall {
  osid: number;
  passwordSha256: string;
  startedAt: number;
  durationMs: number;
}

/** When the VPS went on or off; the usage samples are silent while it is off. */
export interface PowerChange {
  at: number;
  on: boolean;
}

/** One simulated KVM VPS: what the control API defined plus its live state. Plain JSON only. */
export interface SimVps {
  vpsid: number;
  hostname: string;
  cores: number;
  ramMb: number;
  spaceGb: number;
  /** Monthly transfer allowance in GB; 0 means unlimited. */
  bandwidthGb: number;
  osid: number;
  /** Virtualizor's `ips` map: IP id to address. */
  ips: Record<string, string>;
  boot: BootOrder;
  /** File names of the inserted ISOs, '' when none. */
  iso: string;
  secIso: string;
  /** A lock set by the operator (control API); a reinstall adds its own while it runs. */
  lockText: string;
  rootPasswordSha256: string;
  passwordChangedAt: number | null;
  vncPort: number;
  vncPassword: string;
  /** Usage history starts here. */
  createdAt: number;
  /** The current OS went in here; the used disk grows from it. */
  installedAt: number;
  /** Gives each VPS its own usage pattern. */
  seed: number;
  /** Settled power state and since when. */
  on: boolean;
  since: number;
  powerLog: PowerChange[];
  pendingPower: PendingPower | null;
  reinstall: PendingReinstall | null;
  /** The panel user it belongs to and the plan it was made from (admin `addvs`); absent for seeded ones. */
  uid?: number;
  plid?: number;
}

/** An ISO the end user downloads from a URL; it is complete once `durationMs` has passed. */
export interface SimIso {
  isoid: number;
  uuid: string;
  filename: string;
  url: string;
  sizeBytes: number;
  addedAt: number;
  durationMs: number;
}

export interface VirtualizorState {
  vps: Record<string, SimVps>;
  /** The API user's ISOs, by uuid: Virtualizor keeps them per user, not per VPS. */
  isos: Record<string, SimIso>;
  nextIsoId: number;
}

export function virtualizorState(ctx: SimContext): VirtualizorState {
  return ctx.store.section<VirtualizorState>('virtualizor', () => ({ vps: {}, isos: {}, nextIsoId: 1 }));
}

/** A duration of the simulation at timeScale 1, scaled for this run and fixed when the operation starts. */
export function scaledMs(ctx: SimContext, msAtScaleOne: number): number {
  return Math.max(1, Math.round(msAtScaleOne * ctx.timeScale));
}

/** Keeps the power log short: samples older than the previous month never need it. */
export const POWER_LOG_LIMIT = 200;

export function logPower(vps: SimVps, at: number, on: boolean): void {
  vps.powerLog.push({ at, on });
  if (vps.powerLog.length > POWER_LOG_LIMIT) vps.powerLog.splice(0, vps.powerLog.length - POWER_LOG_LIMIT);
}

import type { SimContext } from '../context.ts';

export type DiskType = 'HDD' | 'SSD' | 'NVMe';
export type PowerProviderType = 'ipmi' | 'pdu';

export interface SimSubnet {
  subnet: string;
  cidr: number;
  gw: string;
  netmask: string;
  /** 'public' or 'private' (RFC 1918), as Tenantos labels the subnet. */
  type: string;
  /** Addresses of this subnet assigned to the server. */
  ips: string[];
}

export interface PowerTransition {
  kind: 'on' | 'off' | 'reset';
  endsAt: number;
}

export interface PowerRecord {
  /** The settled state: what the chassis reports once no transition is running. */
  state: 'on' | 'off';
  transition: PowerTransition | null;
  /** When the server last went off, so the traffic counters fall silent from then on. */
  offSince: number | null;
}

export type InstallKind = 'install' | 'rescue' | 'passwordReset';

export interface InstallRecord {
  profileId: number;
  kind: InstallKind;
  startedAt: number;
  /** The time scale when it started, so a restart with another scale keeps its pace. */
  scale: number;
  stoppedAt: number | null;
  finishedAt: number | null;
  /** What the reinstallation was asked to set up (absent in state files from before). */
  disklayoutId?: number | null;
  hostname?: string;
  sshKeys?: string[];
}

/** One simulated dedicated server: its definition (from the control API) plus its live state. */
export interface SimServer {
  id: number;
  servername: string;
  hostname: string;
  nickname: string;
  os: string;
  primaryip: string;
  cpu: { model: string; cores: number };
  memoryMb: number;
  disks: { sizeGb: number; type: DiskType; model: string }[];
  subnets: SimSubnet[];
  powerProvider: PowerProviderType | null;
  bmcReset: boolean;
  /** Average outbound rate in Mbit/s around which the traffic counters move. */
  trafficMbps: number;
  power: PowerRecord;
  bmcResettingUntil: number | null;
  install: InstallRecord | null;
  rdns: Record<string, { hostname: string; ttl: number }>;
  /** Set by the customer or the operator (PUT); absent in state files from before they existed. */
  tags?: string[];
  description?: string;
}

export interface ConsoleTicket {
  serverId: number;
  mode: 'web' | 'standard';
  expiresAt: number;
}

export interface TenantosState {
  servers: Record<string, SimServer>;
  consoleTickets: Record<string, ConsoleTicket>;
}

/** The upstream's section of the persistent store; mutate it and call `ctx.store.save()`. */
export function tenantosState(ctx: SimContext): TenantosState {
  return ctx.store.section<TenantosState>('tenantos', () => ({ servers: {}, consoleTickets: {} }));
}

/** Scales a duration given in seconds at timeScale 1 to simulated milliseconds. */
export function scaledMs(seconds: number, scale: number): number {
  return seconds * 1000 * scale;
}

import { wasOnAt } from './machine.ts';
import type { SimVps } from './state.ts';

/**
 * Usage counters of a VPS, derived from time and the VPS's seed instead of stored: any instant of
 * the past has a value, the same one every time it is asked, so charts have history for every
 * range without the simulator keeping samples. A stopped VPS uses nothing but its disk.
 */

/** Virtualizor records a stats row every five minutes. */
export const SAMPLE_INTERVAL_S = 300;
const DAY_S = 86_400;
const GB = 1024 ** 3;

export interface Usage {
  on: boolean;
  /** Percent of the VPS's CPU allotment. */
  cpu: number;
  ramMb: number;
  diskGb: number;
  /** Bytes per second. */
  netIn: number;
  netOut: number;
  ioRead: number;
  ioWrite: number;
}

/** A well-mixed hash of (seed, n) in [0, 1). */
function unit(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** Smooth noise in [0, 1): random values every `stepS` seconds, eased in between. */
function noise(seed: number, tSec: number, stepS: number): number {
  const x = tSec / stepS;
  const i = Math.floor(x);
  const f = x - i;
  const eased = f * f * (3 - 2 * f);
  return unit(seed, i) * (1 - eased) + unit(seed, i + 1) * eased;
}

/** The day's rhythm in [0, 1], peaking at a time of day of its own for each VPS. */
function daily(seed: number, tSec: number): number {
  const phase = unit(seed, -1) * 2 * Math.PI;
  return 0.5 + 0.5 * Math.sin((2 * Math.PI * tSec) / DAY_S + phase);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Used disk grows slowly from the last install, and never fills the disk. */
function diskUsedGb(vps: SimVps, tSec: number): number {
  const base = vps.spaceGb * (0.12 + 0.1 * unit(vps.seed, -4));
  const grownGb = Math.max(0, tSec - vps.installedAt / 1000) / DAY_S / 20;
  return round(Math.min(vps.spaceGb * 0.95, base + grownGb), 2);
}

export function usageAt(vps: SimVps, atMs: number): Usage {
  const t = atMs / 1000;
  const seed = vps.seed;
  const diskGb = diskUsedGb(vps, t);
  if (!wasOnAt(vps, atMs)) {
    return { on: false, cpu: 0, ramMb: 0, diskGb, netIn: 0, netOut: 0, ioRead: 0, ioWrite: 0 };
  }
  const load = 0.25 + 0.5 * daily(seed, t) + 0.25 * noise(seed + 1, t, SAMPLE_INTERVAL_S);
  const burst = noise(seed + 2, t, 3600) ** 4;
  const intensity = 0.4 + 0.6 * unit(seed, -2);
  const trafficLevel = 50_000 + 450_000 * unit(seed, -3);
  const netOut = trafficLevel * load * (0.6 + 0.8 * noise(seed + 3, t, 900));
  return {
    on: true,
    cpu: round(Math.min(100, 2 + 60 * intensity * load * load + 30 * burst), 2),
    ramMb: Math.round(vps.ramMb * (0.3 + 0.35 * load)),
    diskGb,
    netIn: Math.round(netOut * (0.25 + 0.3 * noise(seed + 4, t, 900))),
    netOut: Math.round(netOut),
    ioRead: Math.round(20_000 + 2_000_000 * load * noise(seed + 5, t, 600) ** 2),
    ioWrite: Math.round(10_000 + 1_200_000 * load * noise(seed + 6, t, 600) ** 2),
  };
}

export interface Month {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** Parses Virtualizor's `show=YYYYMM`. */
export function parseMonth(show: string): Month | undefined {
  const match = /^(\d{4})(\d{2})$/.exec(show);
  if (!match) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { year: Number(match[1]), month };
}

export function monthOf(atMs: number): Month {
  const date = new Date(atMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function formatMonth({ year, month }: Month): string {
  return `${year}${String(month).padStart(2, '0')}`;
}

function monthBounds({ year, month }: Month): { startMs: number; endMs: number } {
  return { startMs: Date.UTC(year, month - 1, 1), endMs: Date.UTC(year, month, 1) };
}

/** The sample instants of a month that have happened by `nowMs` and since the VPS exists. */
export function sampleTimes(vps: SimVps, month: Month, nowMs: number): number[] {
  const { startMs, endMs } = monthBounds(month);
  const step = SAMPLE_INTERVAL_S * 1000;
  const from = Math.ceil(Math.max(startMs, vps.createdAt) / step) * step;
  const times: number[] = [];
  for (let t = from; t < endMs && t <= nowMs; t += step) times.push(t);
  return times;
}

/**
 * One row of `act=vps_stats`, in the column order of Virtualizor's stats table:
 * [vpsid, time, status, disk (GB used), inode, ram (MB used), cpu (%), actual_cpu (% of one core),
 * net_in, net_out, io_read, io_write (bytes per second)].
 */
export type StatsRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

export function statsRow(vps: SimVps, atMs: number): StatsRow {
  const u = usageAt(vps, atMs);
  const inodes = Math.round(u.diskGb * 12_000);
  return [
    vps.vpsid,
    Math.floor(atMs / 1000),
    u.on ? 1 : 0,
    u.diskGb,
    inodes,
    u.ramMb,
    u.cpu,
    round(u.cpu * vps.cores, 2),
    u.netIn,
    u.netOut,
    u.ioRead,
    u.ioWrite,
  ];
}

export function statsRows(vps: SimVps, month: Month, nowMs: number): StatsRow[] {
  return sampleTimes(vps, month, nowMs).map((t) => statsRow(vps, t));
}

export interface Traffic {
  inBytes: number;
  outBytes: number;
}

/** Traffic of the month so far, per day of the month (1-based), from the same samples as the stats. */
export function dailyTraffic(vps: SimVps, month: Month, nowMs: number): Map<number, Traffic> {
  const days = new Map<number, Traffic>();
  for (const t of sampleTimes(vps, month, nowMs)) {
    const u = usageAt(vps, t);
    if (!u.on) continue;
    const day = new Date(t).getUTCDate();
    const total = days.get(day) ?? { inBytes: 0, outBytes: 0 };
    total.inBytes += u.netIn * SAMPLE_INTERVAL_S;
    total.outBytes += u.netOut * SAMPLE_INTERVAL_S;
    days.set(day, total);
  }
  return days;
}

/** Bandwidth used this month in GB, as Virtualizor counts it against the allowance (in plus out). */
export function monthTrafficGb(vps: SimVps, nowMs: number): number {
  let bytes = 0;
  for (const day of dailyTraffic(vps, monthOf(nowMs), nowMs).values()) bytes += day.inBytes + day.outBytes;
  return round(bytes / GB, 2);
}

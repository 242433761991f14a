import type { SimServer } from './state.ts';

/**
 * Network counters that look alive without storing a sample: the rate is a smooth function of
 * the time (a daily wave, a shorter wave, and a little per-five-minute jitter) scaled by the
 * server's own average, so any range, however far back, can be asked for and always gives the
 * same answer.
 */

const DAY_SECONDS = 86_400;
/** Resolution of the integration, and of the jitter. */
const STEP_SECONDS = 300;
/** Inbound traffic of a server is a fraction of what it sends. */
const INBOUND_SHARE = 0.35;
/** An average month (365.25 / 12 days), in seconds. */
const MONTH_SECONDS = (365.25 / 12) * DAY_SECONDS;

/**
 * The average outbound rate (Mbit/s) of a server that moves `monthlyTrafficGb` (in plus out, GB
 * of 10^9 bytes) in an average month: the rate shape below averages to 1.
 */
export function outboundMbpsFor(monthlyTrafficGb: number): number {
  const bitsPerSecond = (monthlyTrafficGb * 1e9 * 8) / MONTH_SECONDS;
  return bitsPerSecond / (1 + INBOUND_SHARE) / 1e6;
}

/**
 * The trailing `predefined` ranges of `POST /api/servers/{id}/stats/network/{statsMode}` and the
 * sample width `graph` gives them (finer than five minutes for an hour, coarser for weeks, so
 * that every range charts in a few hundred points).
 */
const trailingRanges = {
  '1h': { seconds: 3_600, stepSeconds: 60 },
  '24h': { seconds: DAY_SECONDS, stepSeconds: 300 },
  '14days': { seconds: 14 * DAY_SECONDS, stepSeconds: 3_600 },
  '30days': { seconds: 30 * DAY_SECONDS, stepSeconds: 7_200 },
} as const;
/** The `predefined` ranges the simulator answers: the trailing ones, and today and this month so far (UTC). */
export const predefinedRanges = [
  ...(Object.keys(trailingRanges) as (keyof typeof trailingRanges)[]),
  'today',
  'currentMonth',
] as const;
export type PredefinedRange = (typeof predefinedRanges)[number];
/** `graph`: samples to chart; `text`: one sample per day. */
export type StatsMode = 'graph' | 'text';

export function isStatsMode(mode: string): mode is StatsMode {
  return mode === 'graph' || mode === 'text';
}

/** A deterministic value in [-1, 1] for a server and a time slot. */
function jitter(seed: number, slot: number): number {
  let x = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(slot, 0xc2b2ae35);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (((x ^ (x >>> 16)) >>> 0) / 0xffffffff) * 2 - 1;
}

/** Outbound rate in bit/s at an instant (epoch seconds). */
function outboundRate(server: SimServer, seconds: number): number {
  const phase = (server.id % 24) / 24;
  const daily = Math.sin(2 * Math.PI * (seconds / DAY_SECONDS + phase));
  const short = Math.sin((2 * Math.PI * seconds) / (3.3 * 3_600) + server.id);
  const noise = jitter(server.id, Math.floor(seconds / STEP_SECONDS));
  const shape = Math.max(0.05, 1 + 0.45 * daily + 0.15 * short + 0.1 * noise);
  return server.trafficMbps * 1_000_000 * shape;
}

/**
 * Whether the server was silent at an instant: it is off and was already off then. Only the
 * current off period is known, so once the server is back on that gap fills in again.
 */
function isSilent(server: SimServer, seconds: number): boolean {
  const { state, offSince } = server.power;
  return state === 'off' && offSince !== null && seconds * 1000 >= offSince;
}

/** Bits sent and received between two instants (epoch seconds). */
function trafficBetween(server: SimServer, from: number, to: number): { out: number; in: number } {
  let out = 0;
  for (let start = from; start < to; start += STEP_SECONDS) {
    const end = Math.min(start + STEP_SECONDS, to);
    const middle = (start + end) / 2;
    if (!isSilent(server, middle)) out += outboundRate(server, middle) * (end - start);
  }
  return { out, in: out * INBOUND_SHARE };
}

export interface TrafficSample {
  /** Start of the sample, epoch seconds. */
  time: number;
  /** Average rates over the sample, bit/s. */
  bwrate_in: number;
  bwrate_out: number;
  /** Bits transferred during the sample. */
  traffic_in: number;
  traffic_out: number;
}

export interface TrafficStats {
  stats: TrafficSample[];
  summary: { traffic_in: number; traffic_out: number; total: number };
}

function windowOf(
  mode: StatsMode,
  range: PredefinedRange,
  nowSeconds: number,
): { from: number; to: number; stepSeconds: number } {
  if (range === 'today' || range === 'currentMonth') {
    const now = new Date(nowSeconds * 1000);
    const day = range === 'today' ? now.getUTCDate() : 1;
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day) / 1000;
    return { from, to: nowSeconds, stepSeconds: mode === 'text' ? DAY_SECONDS : STEP_SECONDS };
  }
  const { seconds, stepSeconds: graphStep } = trailingRanges[range];
  const stepSeconds = mode === 'text' ? DAY_SECONDS : graphStep;
  // Whole samples only: the one still running would read low.
  const to = Math.floor(nowSeconds / graphStep) * graphStep;
  return { from: to - seconds, to, stepSeconds };
}

/** The samples of a range and its totals. */
export function trafficStats(
  server: SimServer,
  mode: StatsMode,
  range: PredefinedRange,
  nowSeconds: number,
): TrafficStats {
  const { from, to, stepSeconds } = windowOf(mode, range, nowSeconds);
  const stats: TrafficSample[] = [];
  for (let time = from; time < to; time += stepSeconds) {
    const end = Math.min(time + stepSeconds, to);
    const bits = trafficBetween(server, time, end);
    stats.push({
      time,
      bwrate_in: Math.round(bits.in / (end - time)),
      bwrate_out: Math.round(bits.out / (end - time)),
      traffic_in: Math.round(bits.in),
      traffic_out: Math.round(bits.out),
    });
  }
  const traffic_in = stats.reduce((sum, s) => sum + s.traffic_in, 0);
  const traffic_out = stats.reduce((sum, s) => sum + s.traffic_out, 0);
  return { stats, summary: { traffic_in, traffic_out, total: traffic_in + traffic_out } };
}

const BITS_PER_GB = 8e9;
const formatted = (value: number) => value.toFixed(2);

/** The nearest-rank percentile of `values` (0 to 100). */
function percentile(values: number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The traffic summary Tenantos shows with a server: GB (10^9 bytes, in plus out) over the last
 * 1, 7, 14 and 30 days, and the 95th percentile of the five-minute rates over 30 days in Mbit/s;
 * the figures are strings with two decimals, as Tenantos gives them.
 */
export function trafficStatistics(server: SimServer, nowSeconds: number) {
  const to = Math.floor(nowSeconds / STEP_SECONDS) * STEP_SECONDS;
  const samples: { in: number; out: number }[] = [];
  for (let start = to - 30 * DAY_SECONDS; start < to; start += STEP_SECONDS) {
    samples.push(trafficBetween(server, start, start + STEP_SECONDS));
  }
  const gbOfLast = (days: number) =>
    formatted(
      samples.slice(-days * (DAY_SECONDS / STEP_SECONDS)).reduce((sum, s) => sum + s.in + s.out, 0) /
        BITS_PER_GB,
    );
  const mbps95 = (rate: (s: { in: number; out: number }) => number) =>
    formatted(percentile(samples.map(rate), 95) / STEP_SECONDS / 1e6);
  return {
    '1d': gbOfLast(1),
    '7d': gbOfLast(7),
    '14d': gbOfLast(14),
    '30d': gbOfLast(30),
    '95th_in_30d': mbps95((s) => s.in),
    '95th_out_30d': mbps95((s) => s.out),
    '95th_total_30d': mbps95((s) => s.in + s.out),
  };
}

/** The rates of the last whole five minutes, in Mbit/s with two decimals. */
export function lastBwrate(server: SimServer, nowSeconds: number) {
  const to = Math.floor(nowSeconds / STEP_SECONDS) * STEP_SECONDS;
  const last = trafficBetween(server, to - STEP_SECONDS, to);
  return { in: formatted(last.in / STEP_SECONDS / 1e6), out: formatted(last.out / STEP_SECONDS / 1e6) };
}

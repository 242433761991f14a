import { averageOver, maximumOver, type Metric } from './counters.ts';
import type { PveVm } from './state.ts';
import { diskSizeOf } from './vm-config.ts';

/**
 * `rrddata` as Proxmox keeps it: 70 points per timeframe, one per step (1 min for an hour,
 * 30 min for a day, 3 h for a week, 12 h for a month, 1 week for a year). Each point is the
 * average (cf=AVERAGE) or maximum (cf=MAX) over the step that ends at `time`.
 */
export const timeframes = {
  hour: 60,
  day: 1_800,
  week: 10_800,
  month: 43_200,
  year: 604_800,
} as const;
export type Timeframe = keyof typeof timeframes;

const POINTS = 70;
const RATE_METRICS = ['cpu', 'netin', 'netout', 'diskread', 'diskwrite'] as const;

export interface RrdPoint {
  time: number;
  cpu: number;
  maxcpu: number;
  mem: number;
  maxmem: number;
  disk: number;
  maxdisk: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
}

export function rrdData(vm: PveVm, timeframe: Timeframe, cf: 'AVERAGE' | 'MAX', nowS: number): RrdPoint[] {
  const step = timeframes[timeframe];
  const last = Math.floor(nowS / step) * step;
  const maxmem = Number(vm.config.memory ?? 0) * 1024 * 1024;
  const consolidate = (metric: Metric, from: number, to: number) =>
    cf === 'MAX' ? maximumOver(vm, metric, from, to) : averageOver(vm, metric, from, to);
  const points: RrdPoint[] = [];
  for (let i = POINTS - 1; i >= 0; i -= 1) {
    const time = last - i * step;
    const from = time - step;
    const rates = Object.fromEntries(
      RATE_METRICS.map((m) => [m, round(consolidate(m, from, time))]),
    ) as Record<(typeof RATE_METRICS)[number], number>;
    points.push({
      time,
      ...rates,
      maxcpu: Number(vm.config.cores ?? 1) * Number(vm.config.sockets ?? 1),
      mem: Math.round(consolidate('mem', from, time) * maxmem),
      maxmem,
      disk: 0,
      maxdisk: diskSizeOf(vm.config),
    });
  }
  return points;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

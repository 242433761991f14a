import type { PowerEvent, PveVm } from './state.ts';

/**
 * Usage counters that look alive without storing samples: every metric is a smooth function of
 * time (a base level plus a daily swing and faster ripples, phased by the VM's seed), and its
 * integral has a closed form, so averages over any interval, since-boot totals and every RRD
 * timeframe come out consistent with each other. Values are zero while the VM was off.
 */
export type Metric = 'cpu' | 'netin' | 'netout' | 'diskread' | 'diskwrite' | 'mem';

interface Wave {
  amp: number;
  periodS: number;
  phase: number;
}

interface Signal {
  base: number;
  waves: Wave[];
}

const DAY_S = 86_400;

/** Bytes per second, except cpu (fraction of the VM's CPUs) and mem (fraction of maxmem). */
function signalOf(vm: PveVm, metric: Metric): Signal {
  const r = (salt: number) => fraction(vm.seed * 7919 + salt);
  const level: Record<Metric, number> = {
    cpu: 0.04 + 0.22 * r(1),
    mem: 0.3 + 0.3 * r(2),
    netin: 20_000 + 250_000 * r(3),
    netout: 40_000 + 600_000 * r(4),
    diskread: 20_000 + 400_000 * r(5),
    diskwrite: 30_000 + 300_000 * r(6),
  };
  const salt = metric.length * 31 + metric.charCodeAt(0);
  return {
    base: level[metric],
    waves: [
      { amp: metric === 'mem' ? 0.2 : 0.55, periodS: DAY_S, phase: 2 * Math.PI * r(salt) },
      {
        amp: metric === 'mem' ? 0.05 : 0.25,
        periodS: 2_820 + 600 * r(salt + 1),
        phase: 2 * Math.PI * r(salt + 2),
      },
      { amp: metric === 'mem' ? 0.02 : 0.12, periodS: 317, phase: 2 * Math.PI * r(salt + 3) },
    ],
  };
}

function valueAt(signal: Signal, tS: number): number {
  let v = 1;
  for (const w of signal.waves) v += w.amp * Math.sin((2 * Math.PI * tS) / w.periodS + w.phase);
  return signal.base * v;
}

/** ∫ signal dt over [aS, bS]. */
function integral(signal: Signal, aS: number, bS: number): number {
  let total = bS - aS;
  for (const w of signal.waves) {
    const k = (2 * Math.PI) / w.periodS;
    total += (w.amp / k) * (Math.cos(k * aS + w.phase) - Math.cos(k * bS + w.phase));
  }
  return signal.base * total;
}

/** The intervals, in seconds, during which the VM ran, clipped to [aS, bS]. */
function onIntervals(log: readonly PowerEvent[], aS: number, bS: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < log.length; i += 1) {
    const event = log[i]!;
    if (!event.on) continue;
    const from = Math.max(event.atMs / 1000, aS);
    const next = log[i + 1];
    const to = Math.min(next ? next.atMs / 1000 : Number.POSITIVE_INFINITY, bS);
    if (to > from) out.push([from, to]);
  }
  return out;
}

/** Average of a metric over [aS, bS], counting the VM's off time as zero. */
export function averageOver(vm: PveVm, metric: Metric, aS: number, bS: number): number {
  if (bS <= aS) return 0;
  const signal = signalOf(vm, metric);
  let sum = 0;
  for (const [from, to] of onIntervals(vm.powerLog, aS, bS)) sum += integral(signal, from, to);
  return sum / (bS - aS);
}

/** Highest value of a metric within [aS, bS] (sampled), for `cf=MAX`. */
export function maximumOver(vm: PveVm, metric: Metric, aS: number, bS: number): number {
  const signal = signalOf(vm, metric);
  let max = 0;
  for (const [from, to] of onIntervals(vm.powerLog, aS, bS)) {
    for (let i = 0; i <= 8; i += 1) max = Math.max(max, valueAt(signal, from + ((to - from) * i) / 8));
  }
  return max;
}

/** The current value (0 when stopped). */
export function currentValue(vm: PveVm, metric: Metric, nowS: number): number {
  return vm.status === 'running' ? valueAt(signalOf(vm, metric), nowS) : 0;
}

/** Bytes moved since the VM last booted: what QEMU's counters in `status/current` hold. */
export function sinceBoot(vm: PveVm, metric: Metric, nowS: number): number {
  if (vm.status !== 'running' || vm.bootMs === null) return 0;
  return Math.round(integral(signalOf(vm, metric), vm.bootMs / 1000, nowS));
}

/** A number in [0, 1) from an integer, the same every time. */
export function fraction(n: number): number {
  const x = Math.sin(n * 12.9898 + 78.233) * 43_758.5453;
  return x - Math.floor(x);
}

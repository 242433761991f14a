import type { Vps2StatSample } from '@rackdesk/contract';
import { capPercent, type UsageSample } from '../../../lib/usage-sample.ts';

/**
 * VPS v2 samples (servers spec §3: time, cpu, diskread, diskwrite, netin, netout) as chart points:
 * the CPU fraction as a percent capped at 100 (§9), network bytes per second in bits per second
 * (the charts draw the network in bits), oldest first.
 */
export function samplesFromVps2Stats(samples: readonly Vps2StatSample[]): UsageSample[] {
  return samples
    .map((sample) => ({
      time: sample.time,
      cpuPercent: capPercent(sample.cpu * 100),
      netInBits: sample.netin * 8,
      netOutBits: sample.netout * 8,
      readBytes: sample.diskread,
      writeBytes: sample.diskwrite,
    }))
    .sort((a, b) => a.time - b.time);
}

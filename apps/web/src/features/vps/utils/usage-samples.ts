import { VPS_STAT_COLUMNS } from '@rackdesk/contract';
import { capPercent, type UsageSample } from '../../../lib/usage-sample.ts';

/**
 * First-generation stats rows (servers spec §3: time at 1, CPU at 6, network in and out at 8 and
 * 9, disk read and write at 10 and 11) as chart points: network bytes times 8 in bits (§9), CPU
 * capped at 100 %. Rows of several months may come in any order; the points come out by time.
 */
export function samplesFromStatRows(rows: readonly (readonly number[])[]): UsageSample[] {
  const column = VPS_STAT_COLUMNS;
  return rows
    .map((row) => ({
      time: row[column.time]!,
      cpuPercent: capPercent(row[column.cpu]!),
      netInBits: row[column.netIn]! * 8,
      netOutBits: row[column.netOut]! * 8,
      readBytes: row[column.read]!,
      writeBytes: row[column.write]!,
    }))
    .sort((a, b) => a.time - b.time);
}

/** The samples from `sinceSeconds` (epoch seconds) on. */
export const samplesSince = (samples: readonly UsageSample[], sinceSeconds: number) =>
  samples.filter((sample) => sample.time >= sinceSeconds);

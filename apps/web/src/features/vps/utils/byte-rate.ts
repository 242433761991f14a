import { formatNumber } from '../../../lib/units.ts';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Disk throughput in 1000 steps like the network figures (servers spec §9): '4.1 MB/s'. */
export function formatByteRate(bytesPerSecond: number, digits = 2): string {
  let value = Math.max(0, bytesPerSecond);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${formatNumber(value, digits)} ${BYTE_UNITS[unit]}/s`;
}

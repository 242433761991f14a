import { formatNumber } from '../../../lib/units.ts';

/** Bytes in one GB as backup sizes are shown (servers spec §9: size divided by 1e9). */
export const BYTES_PER_GB = 1e9;

/** A backup's size in GB, two decimals at most: 6_442_450_944 → '6.44 GB'. */
export function formatBackupSize(bytes: number): string {
  return `${formatNumber(Math.max(0, bytes) / BYTES_PER_GB)} GB`;
}

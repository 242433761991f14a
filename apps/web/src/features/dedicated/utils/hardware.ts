import type { DedicatedServer } from '@rackdesk/contract';
import { formatNumber } from '../../../lib/units.ts';

type Disk = DedicatedServer['detailedHardwareInformation']['disk'][number];

/** Identical disks counted together: '2 × 960 GB NVMe', in the order they first appear. */
export function describeDisks(disks: readonly Disk[]): string[] {
  const counts = new Map<string, number>();
  for (const disk of disks) {
    const label = `${formatNumber(disk.size)} GB ${disk.type}`.trim();
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => (count > 1 ? `${count} × ${label}` : label));
}

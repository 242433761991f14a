import type { VpsStatus } from '@rackdesk/contract';
import { formatUptime } from '../../../lib/format-uptime.ts';
import { formatNumber } from '../../../lib/units.ts';
import type { StatItem } from '../components/stats-card.tsx';

const share = (used: number, limit: number) => (limit > 0 ? (used / limit) * 100 : undefined);

/** The stats card's figures of a first-generation VPS: CPU, bandwidth, disk and uptime. */
export function firstGenerationStats(status: VpsStatus): StatItem[] {
  const usedBandwidth = `${formatNumber(status.used_bandwidth)} GB`;
  return [
    { label: 'CPU', value: `${formatNumber(status.used_cpu, 1)}%`, percent: status.used_cpu },
    {
      label: 'Bandwidth',
      // An allowance of 0 means unlimited.
      value:
        status.bandwidth > 0
          ? `${usedBandwidth} of ${formatNumber(status.bandwidth)} GB`
          : `${usedBandwidth} (Unlimited)`,
      percent: share(status.used_bandwidth, status.bandwidth),
    },
    {
      label: 'Disk',
      value: `${formatNumber(status.used_disk)} GB of ${formatNumber(status.disk)} GB`,
      percent: share(status.used_disk, status.disk),
    },
    { label: 'Uptime', value: status.status === 1 ? formatUptime(status.uptime) : 'Powered off' },
  ];
}

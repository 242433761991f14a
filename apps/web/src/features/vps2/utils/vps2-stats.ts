import type { Vps2Detail } from '@rackdesk/contract';
import { formatUptime } from '../../../lib/format-uptime.ts';
import { formatNumber } from '../../../lib/units.ts';

/** Bytes in one GiB: VPS v2 memory and disk are shown in GiB (servers spec §9). */
export const BYTES_PER_GIB = 1_073_741_824;

/** 4294967296 → '4 GiB'. */
export const formatGiB = (bytes: number) => `${formatNumber(bytes / BYTES_PER_GIB)} GiB`;

/** One figure of the stats card, formatted; `percent` (0 to 100) draws a bar. */
export interface Vps2StatFigure {
  label: string;
  value: string;
  percent?: number;
}

/** The header's specifications of a VPS v2: cores, RAM, disk, OS. */
export function vps2Specs(vps: Pick<Vps2Detail, 'cpus' | 'maxmem' | 'maxdisk' | 'os_name'>): string[] {
  return [
    `${vps.cpus} ${vps.cpus === 1 ? 'Core' : 'Cores'}`,
    `${formatGiB(vps.maxmem)} RAM`,
    `${formatGiB(vps.maxdisk)} Disk`,
    vps.os_name || 'Unknown OS',
  ];
}

/**
 * The stats card's figures of a VPS v2: CPU (the share of its cores in use, given as a fraction),
 * memory and disk in GiB, this month's bandwidth (a limit of 0 means unlimited) and the uptime.
 */
export function vps2Stats(
  vps: Pick<Vps2Detail, 'status' | 'cpu' | 'cpus' | 'maxmem' | 'maxdisk' | 'uptime' | 'bandwidth_usage'>,
): Vps2StatFigure[] {
  const running = vps.status === 'running';
  const cpuPercent = running ? Math.min(100, Math.max(0, vps.cpu * 100)) : 0;
  const { total_gb: used, bandwidth_limit_gb: limit, percentage_used: share } = vps.bandwidth_usage;
  const usedText = `${formatNumber(used)} GB`;
  return [
    { label: 'CPU', value: `${formatNumber(cpuPercent, 1)}%`, percent: cpuPercent },
    { label: 'Memory', value: formatGiB(vps.maxmem) },
    { label: 'Disk', value: formatGiB(vps.maxdisk) },
    limit > 0
      ? { label: 'Bandwidth', value: `${usedText} of ${formatNumber(limit)} GB`, percent: share }
      : { label: 'Bandwidth', value: `${usedText} (Unlimited)` },
    { label: 'Uptime', value: running ? formatUptime(vps.uptime) : 'Powered off' },
  ];
}

import type { Vps2Detail, Vps2StatSample, Vps2StatsRange } from '@rackdesk/contract';
import { installedOsid } from './conventions.ts';
import { osNameOf } from './os-templates.ts';
import { type PveApi, seg } from './pve-api.ts';
import { rrdPointSchema, vmConfigSchema, vmStatusSchema } from './pve-types.ts';
import { bootOrderOf, cdVolume, ipsOf } from './vm-config.ts';

/** Transfer is sold in decimal units (1 TB = 1000 GB of 10^9 bytes): usage is counted the same way. */
const GB = 1e9;
const MONTH_STEP_S = 43_200;

/** Why a VM is locked, in the customer's words, by Proxmox lock name. */
const LOCK_MESSAGES: Record<string, string> = {
  backup: 'A backup of this server is in progress.',
  clone: 'An operating system or template is being installed on this server.',
  create: 'A backup is being restored to this server.',
  migrate: 'This server is being moved to another host.',
  rollback: 'A snapshot is being restored.',
  snapshot: 'A snapshot is being taken.',
  'snapshot-delete': 'A snapshot is being deleted.',
  suspending: 'This server is being suspended.',
  suspended: 'This server is suspended.',
};

/** GET services/vps/v2/{id}: status/current, config and this month's traffic, in the spec's shape. */
export async function getVmDetail(api: PveApi, vmid: number, bandwidthLimitGb: number): Promise<Vps2Detail> {
  const vms = await api.listVms();
  const vm = api.pickVm(vms, vmid);
  const base = `/nodes/${seg(vm.node)}/qemu/${vmid}`;
  const [status, config, month] = await Promise.all([
    api.get(`${base}/status/current`, vmStatusSchema),
    api.get(`${base}/config`, vmConfigSchema),
    api.get(`${base}/rrddata`, rrdPointSchema.array(), { timeframe: 'month', cf: 'AVERAGE' }),
  ]);
  const osid = installedOsid(config.tags) ?? '';
  const totalGb = round(monthlyTrafficBytes(month) / GB);
  const lock = status.lock ?? (typeof config.lock === 'string' ? config.lock : undefined);
  return {
    id: vmid,
    hostname: String(config.name ?? status.name ?? ''),
    status: status.status === 'running' ? 'running' : 'stopped',
    locked: lock !== undefined,
    locked_message: lock ? (LOCK_MESSAGES[lock] ?? `This server is locked (${lock}).`) : '',
    cpus: status.cpus,
    maxmem: status.maxmem,
    maxdisk: status.maxdisk,
    uptime: Math.floor(status.uptime),
    cpu: status.cpu,
    bandwidth_usage: {
      total_gb: totalGb,
      bandwidth_limit_gb: bandwidthLimitGb,
      percentage_used: bandwidthLimitGb > 0 ? round((totalGb / bandwidthLimitGb) * 100) : 0,
    },
    os_name: osid ? await osNameOf(api, vms, osid) : '',
    osid,
    ips: ipsOf(config),
    config: { boot: bootOrderOf(config), ide0: cdVolume(config, 'ide0'), ide2: cdVolume(config, 'ide2') },
  };
}

/** GET services/vps/v2/{id}/stats/{range}: rrddata averages. */
export async function getVmStats(
  api: PveApi,
  vmid: number,
  range: Vps2StatsRange,
): Promise<Vps2StatSample[]> {
  const vm = await api.findVm(vmid);
  const points = await api.get(`/nodes/${seg(vm.node)}/qemu/${vmid}/rrddata`, rrdPointSchema.array(), {
    timeframe: range,
    cf: 'AVERAGE',
  });
  return points.map((p) => ({
    time: p.time,
    cpu: p.cpu ?? 0,
    diskread: p.diskread ?? 0,
    diskwrite: p.diskwrite ?? 0,
    netin: p.netin ?? 0,
    netout: p.netout ?? 0,
  }));
}

/**
 * Bytes in and out since the start of the (UTC) month, from the month timeframe's 12-hour averages
 * of bytes per second: the steps that lie within the month, times their length.
 */
function monthlyTrafficBytes(points: { time: number; netin?: number; netout?: number }[]): number {
  // The upstream's clock decides which month it is.
  const latest = new Date(Math.max(0, ...points.map((p) => p.time)) * 1000);
  const monthStart = Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth(), 1) / 1000;
  return points
    .filter((p) => p.time - MONTH_STEP_S >= monthStart)
    .reduce((sum, p) => sum + ((p.netin ?? 0) + (p.netout ?? 0)) * MONTH_STEP_S, 0);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

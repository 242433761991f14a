import { lockText, uptimeSeconds } from './machine.ts';
import { powerStatus } from './power.ts';
import { monthTrafficGb, usageAt } from './samples.ts';
import type { SimVps } from './state.ts';
import { findTemplate } from './templates.ts';

/**
 * The VPS as Virtualizor's end-user API shows it. Like the real panel it sends numbers as strings
 * in the VPS row; call `settle` first.
 */
export function vpsRow(
  vps: SimVps,
  now: number,
  usedBandwidthGb = monthTrafficGb(vps, now),
): Record<string, unknown> {
  const template = findTemplate(vps.osid);
  return {
    vpsid: String(vps.vpsid),
    vps_name: `v${vps.vpsid}`,
    virt: 'kvm',
    hostname: vps.hostname,
    osid: String(vps.osid),
    os_name: template?.filename.replace(/\.img$/, '') ?? 'unknown',
    os_distro: template?.distro ?? '',
    iso: vps.iso,
    sec_iso: vps.secIso,
    boot: vps.boot,
    space: String(vps.spaceGb),
    ram: String(vps.ramMb),
    cores: String(vps.cores),
    bandwidth: String(vps.bandwidthGb),
    used_bandwidth: String(usedBandwidthGb),
    vnc: '1',
    vncport: String(vps.vncPort),
    acpi: '1',
    apic: '1',
    suspended: '0',
    locked: lockText(vps),
    ips: vps.ips,
    status: powerStatus(vps),
  };
}

/** `info` of `act=vpsmanage`: the VPS row plus its live usage. */
export function vpsInfo(vps: SimVps, now: number): Record<string, unknown> {
  const template = findTemplate(vps.osid);
  const usage = usageAt(vps, now);
  const usedGb = monthTrafficGb(vps, now);
  const limitGb = vps.bandwidthGb;
  return {
    vpsid: String(vps.vpsid),
    hostname: vps.hostname,
    status: powerStatus(vps),
    uptime: uptimeSeconds(vps, now),
    virt: 'kvm',
    os: template ? { osid: String(template.osid), name: template.name, distro: template.distro } : null,
    ip: Object.values(vps.ips),
    vps: vpsRow(vps, now, usedGb),
    cpu: { limit: vps.cores * 100, used: round2(usage.cpu * vps.cores), percent: usage.cpu },
    ram: { limit: vps.ramMb, used: usage.ramMb, percent: round2((usage.ramMb / vps.ramMb) * 100) },
    disk: {
      limit_gb: vps.spaceGb,
      used_gb: usage.diskGb,
      free_gb: round2(vps.spaceGb - usage.diskGb),
      percent: round2((usage.diskGb / vps.spaceGb) * 100),
    },
    bandwidth: {
      limit_gb: limitGb,
      used_gb: usedGb,
      free_gb: limitGb === 0 ? 0 : round2(Math.max(0, limitGb - usedGb)),
      percent: limitGb === 0 ? 0 : round2((usedGb / limitGb) * 100),
    },
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

import {
  VPS_STAT_ROW_LENGTH,
  type VpsBootOrder,
  type VpsDetail,
  type VpsIso,
  type VpsTemplate,
} from '@rackdesk/contract';
import type { IsoRow, OsRow, VpsmanageAnswer } from './virtualizor-answers.ts';

/** Virtualizor's boot string lists the devices in order: d (CD) first means dca. */
export function bootOrder(boot: string): VpsBootOrder {
  return boot.startsWith('d') ? 'dca' : 'cda';
}

/** The ISO form fields take '0' for an empty drive. */
export function isoField(filename: string): string {
  return filename === '' ? '0' : filename;
}

function ipsMap(info: VpsmanageAnswer['info']): Record<string, string> {
  const ips = info.vps.ips ?? info.ip ?? [];
  return Array.isArray(ips) ? Object.fromEntries(ips.map((ip, index) => [String(index), ip])) : ips;
}

/** The reverse of `isoField`. */
export function isoFromField(value: string): string {
  return value === '0' ? '' : value;
}

export function vpsDetail({ info }: VpsmanageAnswer): VpsDetail {
  const { vps } = info;
  return {
    hostname: vps.hostname,
    locked: vps.locked,
    ips: ipsMap(info),
    cores: vps.cores,
    ram: vps.ram,
    space: vps.space,
    os_name: vps.os_name,
    osid: vps.osid,
    boot: bootOrder(vps.boot),
    iso: isoDisplayName(isoFromField(vps.iso)),
    sec_iso: isoDisplayName(isoFromField(vps.sec_iso)),
    vm_status: {
      // Virtualizor also reports 2 for a suspended VPS, which is not running either.
      status: info.status === 1 ? 1 : 0,
      used_cpu: Math.min(100, Math.max(0, info.cpu.percent)),
      used_disk: info.disk.used_gb,
      disk: info.disk.limit_gb,
      used_bandwidth: info.bandwidth.used_gb,
      bandwidth: info.bandwidth.limit_gb,
      uptime: Math.max(0, Math.floor(info.uptime ?? 0)),
    },
  };
}

/** An end-user ISO is complete once its download time is set or all its bytes are in. */
export function vpsIso(row: IsoRow): VpsIso {
  const complete = (row.download_time ?? 0) > 0 || (row.size > 0 && row.downloaded >= row.size);
  return {
    id: row.isoid,
    name: isoDisplayName(row.filename || row.iso),
    uuid: row.uuid,
    upload_status: complete ? 'complete' : 'queued',
  };
}

/**
 * Virtualizor's templates are all the provider's own ('standard'); SSH keys can be installed on
 * every template but Windows.
 */
export function vpsTemplate(row: OsRow, distro: string): VpsTemplate {
  return {
    osid: row.osid,
    name: row.name,
    type: 'standard',
    ssh_keys_allowed: (row.distro || distro) !== 'windows',
  };
}

/** The stats row in the contract's column layout; a row too short to hold it is dropped. */
export function statsRow(row: number[]): number[] | undefined {
  return row.length >= VPS_STAT_ROW_LENGTH ? row.slice(0, VPS_STAT_ROW_LENGTH) : undefined;
}

/**
 * The platform's file name of an ISO a customer adds by URL: the last path segment, made
 * acceptable to the platform, behind the owner's prefix. Every customer's ISOs live under one
 * API user whose file names must be unique, so two customers may each add 'ubuntu.iso'.
 */
export function isoFilename(ownerId: number, url: string): string {
  const cleaned = lastPathSegment(url)
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  const base = cleaned.replace(/\.iso$/i, '') || 'image';
  return `${ownerPrefix(ownerId)}${base}.iso`;
}

const ownerPrefix = (ownerId: number) => `u${ownerId}-`;

/** The name a customer sees: the platform's file name without the owner's prefix. */
export const isoDisplayName = (filename: string) => filename.replace(/^u\d+-/, '');

/**
 * The platform's value for a drive from the name the customer picked: what the drive holds
 * already stays as it is (it may predate the prefixes), anything else is one of the owner's ISOs.
 */
export function isoDriveValue(ownerId: number, name: string, current: string): string {
  if (name === '') return '';
  return name === isoDisplayName(current) ? current : `${ownerPrefix(ownerId)}${name}`;
}

function lastPathSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

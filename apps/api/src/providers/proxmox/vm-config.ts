import type { Vps2BootOrder } from '@rackdesk/contract';
import type { PveVmConfig } from './pve-types.ts';

/**
 * Reading a Proxmox VM configuration: drive strings (`isos:iso/x.iso,media=cdrom`), the boot
 * order (`order=scsi0;ide2;net0`) and cloud-init addresses (`ip=203.0.113.5/24,gw=…,ip6=…`).
 */
const DISK_KEY = /^(scsi|virtio|sata|ide)\d+$/;

export interface Drive {
  volume: string;
  options: Record<string, string>;
}

export function parseDrive(value: string | number | undefined): Drive | undefined {
  if (value === undefined) return undefined;
  const [volume, ...rest] = String(value).split(',');
  if (!volume) return undefined;
  const options = Object.fromEntries(
    rest.map((part) => [part.split('=')[0] ?? '', part.split('=').slice(1).join('=')]),
  );
  return { volume: volume.replace(/^file=/, ''), options };
}

const isCdrom = (drive: Drive | undefined) => drive?.options.media === 'cdrom';

/** The ISO volume in a CD drive, or null when it is empty. */
export function cdVolume(config: PveVmConfig, key: 'ide0' | 'ide2'): string | null {
  const drive = parseDrive(config[key]);
  if (!drive || !isCdrom(drive) || drive.volume === 'none' || drive.volume === 'cdrom') return null;
  return drive.volume;
}

function bootList(config: PveVmConfig): string[] {
  return /order=([^,]+)/.exec(String(config.boot ?? ''))?.[1]?.split(';') ?? [];
}

/** The disk the VM boots from: the first non-CD disk of the boot order, else scsi0. */
export function bootDiskKey(config: PveVmConfig): string {
  return bootList(config).find((key) => DISK_KEY.test(key) && !isCdrom(parseDrive(config[key]))) ?? 'scsi0';
}

/** cda (disk first) unless a CD drive comes before the boot disk. */
export function bootOrderOf(config: PveVmConfig): Vps2BootOrder {
  const first = bootList(config).find((key) => DISK_KEY.test(key));
  return first && isCdrom(parseDrive(config[first])) ? 'dca' : 'cda';
}

/** The `boot` value for an order, keeping the VM's own disk and network devices. */
export function bootValue(config: PveVmConfig, order: Vps2BootOrder): string {
  const disk = bootDiskKey(config);
  const cds = ['ide2', 'ide0'].filter((key) => isCdrom(parseDrive(config[key])));
  const nets = bootList(config).filter((key) => key.startsWith('net'));
  const devices = order === 'cda' ? [disk, ...cds, ...nets] : [...cds, disk, ...nets];
  return `order=${devices.join(';')}`;
}

export function ipsOf(config: PveVmConfig): { ipv4: string[]; ipv6: string[] } {
  const ipv4: string[] = [];
  const ipv6: string[] = [];
  const keys = Object.keys(config)
    .filter((key) => /^ipconfig\d+$/.test(key))
    .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
  for (const key of keys) {
    const options = parseDrive(`x,${String(config[key])}`)?.options ?? {};
    if (options.ip && options.ip !== 'dhcp') ipv4.push(options.ip.split('/')[0]!);
    if (options.ip6 && !['dhcp', 'auto'].includes(options.ip6)) ipv6.push(options.ip6.split('/')[0]!);
  }
  return { ipv4, ipv6 };
}

/** Disk keys and their volumes (not CD drives, not unused entries). */
export function attachedVolumes(config: PveVmConfig): { key: string; volume: string }[] {
  return Object.entries(config).flatMap(([key, value]) => {
    const drive = DISK_KEY.test(key) ? parseDrive(value) : undefined;
    return drive && !isCdrom(drive) && drive.volume !== 'none' ? [{ key, volume: drive.volume }] : [];
  });
}

/** The lowest scsiN (from 1; scsi0 is the system disk) that is free; Proxmox has up to scsi30. */
export function freeScsiKey(config: PveVmConfig): string | undefined {
  for (let n = 1; n <= 30; n += 1) if (!(`scsi${n}` in config)) return `scsi${n}`;
  return undefined;
}

/** Seconds from the `meta: creation-qemu=…,ctime=…` line Proxmox writes when it creates a VM. */
export function creationTime(config: PveVmConfig): number | undefined {
  const ctime = /ctime=(\d+)/.exec(String(config.meta ?? ''))?.[1];
  return ctime ? Number(ctime) : undefined;
}

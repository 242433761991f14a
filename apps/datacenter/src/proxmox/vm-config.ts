import type { VmConfig } from './state.ts';

/**
 * Reading and writing Proxmox drive strings such as `local-lvm:vm-100-disk-0,size=50G` and
 * `isos:iso/debian.iso,media=cdrom`.
 */
export const DISK_KEY = /^(scsi|virtio|sata|ide)\d+$/;

/** Every drive slot a VM has, in Proxmox's order (what `resize` takes as `disk`). */
export const DISK_KEYS: [string, ...string[]] = [
  'ide0',
  ...slots('ide', 4).slice(1),
  ...slots('sata', 6),
  ...slots('scsi', 31),
  ...slots('virtio', 16),
  'efidisk0',
  'tpmstate0',
];

function slots(bus: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${bus}${i}`);
}
export const UNUSED_KEY = /^unused\d+$/;
const UNITS: Record<string, number> = { K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

export interface Drive {
  volume: string;
  options: Record<string, string>;
}

export function parseDrive(value: string | number | undefined): Drive | undefined {
  if (value === undefined) return undefined;
  const [volume, ...rest] = String(value).split(',');
  if (!volume) return undefined;
  const options: Record<string, string> = {};
  for (const part of rest) {
    const [key, ...v] = part.split('=');
    if (key) options[key] = v.join('=');
  }
  // A leading `file=` is the long form of the volume.
  if (volume.startsWith('file=')) return { volume: volume.slice(5), options };
  return { volume, options };
}

export function printDrive(drive: Drive): string {
  return [drive.volume, ...Object.entries(drive.options).map(([k, v]) => `${k}=${v}`)].join(',');
}

export function isCdrom(drive: Drive): boolean {
  return drive.options.media === 'cdrom';
}

/** `50G` → bytes. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([KMGT])?$/.exec(text);
  if (!match) return undefined;
  return Math.round(Number(match[1]) * (match[2] ? UNITS[match[2]]! : 1));
}

/** Bytes → the largest unit that divides them, as Proxmox prints sizes. */
export function formatSize(bytes: number): string {
  for (const unit of ['T', 'G', 'M', 'K'] as const) {
    if (bytes % UNITS[unit]! === 0) return `${bytes / UNITS[unit]!}${unit}`;
  }
  return String(bytes);
}

/** Size of the boot disk: what Proxmox reports as `maxdisk`. */
export function diskSizeOf(config: VmConfig): number {
  const drive = parseDrive(config[bootDiskKey(config)]);
  return drive ? (parseSize(drive.options.size ?? '0') ?? 0) : 0;
}

/** The first disk of the boot order (scsi0 when the order names none). */
export function bootDiskKey(config: VmConfig): string {
  const order = /order=([^,]+)/.exec(String(config.boot ?? ''))?.[1]?.split(';') ?? [];
  return (
    order.find(
      (key) => DISK_KEY.test(key) && !isCdrom(parseDrive(config[key]) ?? { volume: '', options: {} }),
    ) ?? 'scsi0'
  );
}

/** Volumes of a config's disks (not CD drives, not unused entries). */
export function attachedVolumes(config: VmConfig): { key: string; volume: string }[] {
  return Object.entries(config).flatMap(([key, value]) => {
    if (!DISK_KEY.test(key)) return [];
    const drive = parseDrive(value);
    return drive && !isCdrom(drive) && drive.volume !== 'none' ? [{ key, volume: drive.volume }] : [];
  });
}

/** The lowest free `unusedN` key. */
export function freeUnusedKey(config: VmConfig): string {
  for (let n = 0; ; n += 1) if (!(`unused${n}` in config)) return `unused${n}`;
}

/** Owner vmid from a volume name such as `vm-100-disk-0` or `base-9000-disk-0`. */
export function ownerOf(volid: string): number | undefined {
  const match = /(?:^|[:/])(?:vm|base)-(\d+)-/.exec(volid);
  return match ? Number(match[1]) : undefined;
}

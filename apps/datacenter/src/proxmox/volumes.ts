import { fraction } from './counters.ts';
import type { ProxmoxState, PveVm, PveVolume, VmConfig } from './state.ts';
import {
  attachedVolumes,
  diskSizeOf,
  formatSize,
  ownerOf,
  parseDrive,
  parseSize,
  printDrive,
} from './vm-config.ts';

/** Volumes on storages: allocation, copies and removal, keeping drive strings and sizes in step. */
export function allocateDisk(
  state: ProxmoxState,
  storage: string,
  vmid: number,
  size: number,
  nowS: number,
): PveVolume {
  let n = 0;
  while (state.volumes[`${storage}:vm-${vmid}-disk-${n}`]) n += 1;
  const volid = `${storage}:vm-${vmid}-disk-${n}`;
  const volume: PveVolume = { volid, storage, content: 'images', format: 'raw', size, ctime: nowS, vmid };
  state.volumes[volid] = volume;
  return volume;
}

/** Points a drive key at a volume, with the volume's size in the drive string as Proxmox writes it. */
export function setDrive(
  config: VmConfig,
  key: string,
  volume: PveVolume,
  options: Record<string, string> = {},
): void {
  const current = parseDrive(config[key]);
  const kept = current && current.volume === volume.volid ? current.options : options;
  config[key] = printDrive({ volume: volume.volid, options: { ...kept, size: formatSize(volume.size) } });
}

/** Gives every disk the VM owns a fresh copy owned by `newid` (a full clone). */
export function copyOwnDisks(
  state: ProxmoxState,
  source: PveVm,
  target: PveVm,
  storage: string,
  nowS: number,
): void {
  for (const { key, volume } of attachedVolumes(source.config)) {
    if (ownerOf(volume) !== source.vmid) continue;
    const size =
      state.volumes[volume]?.size ?? parseSize(parseDrive(source.config[key])?.options.size ?? '0') ?? 0;
    setDrive(target.config, key, allocateDisk(state, storage, target.vmid, size, nowS));
  }
}

/** Frees the volumes a VM owns (not its backups, which live on after the VM). */
export function freeOwnDisks(state: ProxmoxState, vmid: number): void {
  for (const volume of Object.values(state.volumes)) {
    if (volume.content === 'images' && ownerOf(volume.volid) === vmid) delete state.volumes[volume.volid];
  }
}

/** The archive name vzdump gives a VM's backup: `vzdump-qemu-<vmid>-YYYY_MM_DD-HH_MM_SS.vma.zst`. */
export function backupVolid(storage: string, vmid: number, atMs: number, compress: string): string {
  const stamp = new Date(atMs)
    .toISOString()
    .slice(0, 19)
    .replace(/-/g, '_')
    .replace('T', '-')
    .replace(/:/g, '_');
  const extension =
    compress === 'gzip' ? 'vma.gz' : compress === 'lzo' ? 'vma.lzo' : compress === '0' ? 'vma' : 'vma.zst';
  return `${storage}:backup/vzdump-qemu-${vmid}-${stamp}.${extension}`;
}

/** Owner of a backup archive, from its name. */
export function backupOwnerOf(volid: string): number | undefined {
  const match = /vzdump-qemu-(\d+)-/.exec(volid);
  return match ? Number(match[1]) : undefined;
}

/** A compressed archive is a fraction of the disk, different for every VM and every run. */
export function backupSize(vm: PveVm, atMs: number): number {
  const share = 0.06 + 0.1 * fraction(vm.seed + Math.floor(atMs / 60_000));
  return Math.round(diskSizeOf(vm.config) * share);
}

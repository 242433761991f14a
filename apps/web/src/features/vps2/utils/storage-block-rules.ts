import { type StorageBlockDisk, Vps2Text } from '@rackdesk/contract';
import { paths } from '../../../lib/paths.ts';
import { STORAGE_PRODUCT_BY_REGION } from '../../../lib/storage-regions.ts';

/**
 * The Storage Blocks card's rules (servers spec §4 "Storage attach", §5, §6): a block attaches
 * only to a VPS in its own location, and a sub-account attaches or detaches only the blocks of
 * its whitelist. The server enforces the same; these keep the page from sending what it refuses.
 */

export type BlockAttachment = 'here' | 'elsewhere' | 'free';

/** Where a block hangs, seen from the server whose page shows it. */
export function attachmentOf(
  disk: Pick<StorageBlockDisk, 'vm_whmcs_id'>,
  serviceId: number,
): BlockAttachment {
  if (disk.vm_whmcs_id === null) return 'free';
  return disk.vm_whmcs_id === serviceId ? 'here' : 'elsewhere';
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether a block's location ('New York') is the VPS's region. The region may be the bare name or
 * a label ending in it ('Cloud VPS - New York'). Undefined when either is unknown: the server
 * then decides.
 */
export function isSameLocation(blockLocation: string, vpsRegion: string): boolean | undefined {
  const location = normalise(blockLocation);
  const region = normalise(vpsRegion);
  if (location === '' || region === '') return undefined;
  if (region === location) return true;
  return region.endsWith(location) && /[^a-z0-9]$/.test(region.slice(0, -location.length));
}

/** Why the block cannot be attached to this VPS, in the spec's words; null when it can. */
export function attachRefusal(input: {
  disk: Pick<StorageBlockDisk, 'location'>;
  vpsRegion: string;
  blockWhitelisted: boolean;
}): string | null {
  if (isSameLocation(input.disk.location, input.vpsRegion) === false) return Vps2Text.diskLocationMismatch;
  if (!input.blockWhitelisted) return Vps2Text.storageBlockAccessDenied;
  return null;
}

/** Why the block cannot be detached by this user; null when it can. */
export function detachRefusal(input: { blockWhitelisted: boolean }): string | null {
  return input.blockWhitelisted ? null : Vps2Text.storageBlockAccessDenied;
}

const attachmentOrder: Record<BlockAttachment, number> = { here: 0, free: 1, elsewhere: 2 };

/**
 * The card's order: blocks on this server, then free ones (those of the server's location
 * first), then blocks on other servers; by name within each.
 */
export function sortBlocks<T extends Pick<StorageBlockDisk, 'vm_whmcs_id' | 'location' | 'disk_name'>>(
  disks: readonly T[],
  serviceId: number,
  vpsRegion: string,
): T[] {
  const rank = (disk: T) =>
    attachmentOrder[attachmentOf(disk, serviceId)] * 2 +
    (isSameLocation(disk.location, vpsRegion) === false ? 1 : 0);
  return [...disks].sort((a, b) => rank(a) - rank(b) || a.disk_name.localeCompare(b.disk_name));
}

/** The order page of storage in the VPS's region ('/order/322' for New York); null when none. */
export function storageOrderPath(vpsRegion: string): string | null {
  for (const [location, pid] of Object.entries(STORAGE_PRODUCT_BY_REGION)) {
    if (isSameLocation(location, vpsRegion)) return paths.orderProduct(pid);
  }
  return null;
}

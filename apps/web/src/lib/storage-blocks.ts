import { isApiError } from './api-client.ts';
import { formatNumber } from './units.ts';

/**
 * Pieces the VPS v2 page (Storage Blocks card) and the storage service page share: the spec's
 * toasts (servers spec §8), how a refusal is told, and how a block's size is shown.
 */
export const StorageToast = {
  listFailed: 'Unable to get Storage Blocks!',
  attached: 'Disk Attach Successful',
  attachFailed: 'Disk Attach Failed',
  detached: 'Disk Detach Successful',
  detachFailed: 'Disk Detach Failed',
} as const;

/**
 * What a failed attach or detach toasts: a refusal of the server (4xx, such as 'Disk is
 * suspended' or 'Disk and VPS are not in the same location') says why in its own words; any
 * other failure gives the spec's generic text.
 */
export function storageFailureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message || fallback;
  }
  return fallback;
}

const GiB = 1024 ** 3;

/** Block sizes come in bytes and are sold in GB of 2^30 bytes (servers spec §9): '250 GB', '1.5 TB'. */
export function formatBlockSize(bytes: number): string {
  const gb = bytes / GiB;
  return gb >= 1024 ? `${formatNumber(gb / 1024)} TB` : `${formatNumber(gb)} GB`;
}

import type { Query } from '@tanstack/react-query';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

/**
 * Query keys of the Storage Blocks card. The list is the account's, cached under the server whose
 * page shows it, so that a live event about that server (a disk attached or detached) refreshes it.
 */
export const storageBlockKeys = {
  list: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps2', 'storage-blocks'] as const,
};

/** Matches the storage block list of every VPS v2 page, since they all show the account's blocks. */
export const isAnyStorageBlockList = (query: Query) =>
  query.queryKey[2] === 'vps2' && query.queryKey[3] === 'storage-blocks';

/** API paths of the Storage Blocks card (servers spec §7), relative to /api. */
export const storageBlockApiPaths = {
  list: '/services/vps/v2/blockStorage',
  attach: (id: number) => `/services/vps/v2/${id}/blockStorage/attach`,
  detach: (id: number) => `/services/vps/v2/${id}/blockStorage/detach`,
} as const;

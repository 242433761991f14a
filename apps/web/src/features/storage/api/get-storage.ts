import { type StorageDetailResponse, VPS2_POLL_MS } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { storageApiPaths, storageKeys } from './storage-keys.ts';

export const getStorage = (serviceId: number) =>
  api.get<StorageDetailResponse>(storageApiPaths.detail(serviceId));

/**
 * The storage block behind a storage service (`GET services/storage/{id}`): the disk and the VPS
 * it is attached to, polled every 30 s like the VPS page's block list (servers spec §9).
 */
export function useStorageDetail(serviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: storageKeys.detail(serviceId),
    queryFn: () => getStorage(serviceId),
    enabled,
    refetchInterval: VPS2_POLL_MS.storageBlocks,
    retry: retryServerErrorsOnce,
  });
}

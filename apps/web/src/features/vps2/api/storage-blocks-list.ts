import { VPS2_POLL_MS, type StorageBlockDisk } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { StorageToast } from '../../../lib/storage-blocks.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { storageBlockApiPaths, storageBlockKeys } from './storage-keys.ts';

export const getStorageBlocks = async () =>
  (await api.get<{ disks: StorageBlockDisk[] }>(storageBlockApiPaths.list)).disks;

/** The account's storage blocks (`GET services/vps/v2/blockStorage`), polled every 30 s. */
export function useStorageBlocks(serviceId: number) {
  const query = useQuery({
    queryKey: storageBlockKeys.list(serviceId),
    queryFn: getStorageBlocks,
    refetchInterval: VPS2_POLL_MS.storageBlocks,
  });
  useFailureToast(query, StorageToast.listFailed);
  return query;
}

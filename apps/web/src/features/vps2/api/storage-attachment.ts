import type { StorageBlockDisk } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { StorageToast, storageFailureMessage } from '../../../lib/storage-blocks.ts';
import { isAnyStorageBlockList, storageBlockApiPaths } from './storage-keys.ts';

type Direction = 'attach' | 'detach';

const toasts: Record<Direction, { done: string; failed: string }> = {
  attach: { done: StorageToast.attached, failed: StorageToast.attachFailed },
  detach: { done: StorageToast.detached, failed: StorageToast.detachFailed },
};

/**
 * `POST services/vps/v2/{id}/blockStorage/attach|detach {disk_name}`. Afterwards every list of
 * blocks and the block's own page are refreshed.
 */
function useStorageBlockMutation(serviceId: number, direction: Direction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disk: Pick<StorageBlockDisk, 'id' | 'disk_name'>) =>
      api.post(storageBlockApiPaths[direction](serviceId), { disk_name: disk.disk_name }),
    onSuccess: () => notify(toasts[direction].done, 'success'),
    onError: (error) => notify(storageFailureMessage(error, toasts[direction].failed), 'error'),
    onSettled: (_data, _error, disk) =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isAnyStorageBlockList }),
        queryClient.invalidateQueries({ queryKey: serviceQueryKey(disk.id) }),
      ]),
  });
}

export const useAttachStorageBlock = (serviceId: number) => useStorageBlockMutation(serviceId, 'attach');
export const useDetachStorageBlock = (serviceId: number) => useStorageBlockMutation(serviceId, 'detach');

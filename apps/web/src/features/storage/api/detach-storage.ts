import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { StorageToast, storageFailureMessage } from '../../../lib/storage-blocks.ts';
import { storageApiPaths } from './storage-keys.ts';

interface DetachInput {
  diskName: string;
  /** The VPS the block hangs on, whose page lists it too. */
  serverId: number;
}

/**
 * `POST services/storage/{id}/detach {disk_name}` (API.md): the storage page's Detach. Toasts
 * 'Disk Detach Successful', the server's reason for a refusal ('Disk is suspended'), or
 * 'Disk Detach Failed'; then the block and the server it left are refreshed.
 */
export function useDetachStorage(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ diskName }: DetachInput) =>
      api.post(storageApiPaths.detach(serviceId), { disk_name: diskName }),
    onSuccess: () => notify(StorageToast.detached, 'success'),
    onError: (error) => notify(storageFailureMessage(error, StorageToast.detachFailed), 'error'),
    onSettled: (_data, _error, { serverId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
        queryClient.invalidateQueries({ queryKey: serviceQueryKey(serverId) }),
      ]),
  });
}

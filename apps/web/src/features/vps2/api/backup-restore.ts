import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths } from './backups-keys.ts';

/**
 * `POST services/vps/v2/{id}/backup/restore {volid}`: the server is stopped, restored and started
 * again; it is locked meanwhile, so the whole service is refreshed.
 */
export function useRestoreBackup(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (volid: string) =>
      api.post<{ message: string }>(backupApiPaths.restore(serviceId), { volid }),
    onSuccess: async ({ message }) => {
      notify(message, 'success');
      await queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) });
    },
    onError: () => notify(BackupsToast.restoreFailed, 'error'),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths } from './backups-keys.ts';

/**
 * `POST services/vps/v2/{id}/backup/trigger` (Backup Now). Success is followed by a refresh of
 * the whole service (the server is locked while the backup runs); a failure shows the server's
 * message, or 'Unable to trigger backup!' when it gave none (servers spec §8).
 */
export function useTriggerBackup(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>(backupApiPaths.trigger(serviceId)),
    onSuccess: async () => {
      notify(BackupsToast.triggered, 'success');
      await queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) });
    },
    onError: (error) =>
      notify(isApiError(error) && error.message ? error.message : BackupsToast.triggerFailed, 'error'),
  });
}

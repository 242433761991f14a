import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths, backupKeys } from './backups-keys.ts';

/**
 * `GET services/vps/v2/{id}/backup/toggle` (no payload): switches automatic backups. Afterwards
 * the status and the next run are fetched again (servers spec §4), whichever way it went.
 */
export function useToggleBackups(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<{ message: string; isEnabled: 0 | 1 }>(backupApiPaths.toggle(serviceId)),
    onSuccess: () => notify(BackupsToast.toggled, 'success'),
    onError: () => notify(BackupsToast.toggleFailed, 'error'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.status(serviceId) }),
        queryClient.invalidateQueries({ queryKey: backupKeys.schedule(serviceId) }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths, backupKeys } from './backups-keys.ts';

/** `POST services/vps/v2/{id}/backup/delete {volid}`. */
export function useDeleteBackup(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (volid: string) => api.post<{ message: string }>(backupApiPaths.delete(serviceId), { volid }),
    onSuccess: ({ message }) => notify(message, 'success'),
    onError: () => notify(BackupsToast.deleteFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(serviceId) }),
  });
}

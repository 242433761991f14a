import type { SshKey } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { sshKeysApiPath, sshKeysQueryKey } from '../../../lib/ssh-keys.ts';
import { SshKeyToast } from '../utils/ssh-keys.ts';

export const deleteSshKey = (key: Pick<SshKey, 'id'>) =>
  api.delete<{ message: string }>(`${sshKeysApiPath}/${key.id}`);

/** `DELETE ssh-keys/{id}`; a failure is 'Failed to delete SSH key' (portal spec §8). */
export function useDeleteSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSshKey,
    onSuccess: (response) => notify(response.message, 'success'),
    onError: () => notify(SshKeyToast.deleteFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeysQueryKey }),
  });
}

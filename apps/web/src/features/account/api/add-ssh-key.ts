import type { SshKeyCreateRequest, SshKeyCreateResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { sshKeysApiPath, sshKeysQueryKey } from '../../../lib/ssh-keys.ts';

export const addSshKey = (body: SshKeyCreateRequest) => api.post<SshKeyCreateResponse>(sshKeysApiPath, body);

/**
 * `POST ssh-keys {title, publicKey}`. The dialog places refusals under its fields; refreshing the
 * shared list shows the key in the VPS rebuild dialog as well.
 */
export function useAddSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSshKey,
    onSuccess: (response) => {
      notify(response.message, 'success');
      return queryClient.invalidateQueries({ queryKey: sshKeysQueryKey });
    },
  });
}

import type { CloseAccountRequest } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetSession } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notify.ts';

export const closeAccountApiPath = '/user/close';

export const closeAccount = (body: CloseAccountRequest) =>
  api.post<{ message: string }>(closeAccountApiPath, body);

/** `POST user/close` (owners): the account's sessions end, this one too, with the server's message. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: (response) => {
      forgetSession();
      notify(response.message, 'info');
    },
  });
}

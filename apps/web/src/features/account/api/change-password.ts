import { AccountText, type ChangePasswordRequest } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { accountKeys } from './keys.ts';

export const changePasswordApiPath = '/user/change-password';

export const changePassword = (body: ChangePasswordRequest) =>
  api.post<{ message: string }>(changePasswordApiPath, body);

/** `POST user/change-password`: every other session of the account ends with it. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify(AccountText.passwordChanged, 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}

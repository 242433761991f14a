import { AccountText, type UserEditBody, type UserEditResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notify.ts';

export const userEditApiPath = '/user/edit';

export const updateAccountDetails = (body: UserEditBody) => api.put<UserEditResponse>(userEditApiPath, body);

/**
 * `PUT user/edit` (portal spec §7 Account): the answered user replaces the cached one, so that
 * `user_details_ok` follows everywhere at once.
 */
export function useUpdateAccountDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountDetails,
    onSuccess: (response) => {
      queryClient.setQueryData(sessionKeys.user, response.user);
      notify(AccountText.detailsSaved, 'success');
    },
  });
}

import { AccountText, type UserEditBody, type UserEditResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { setSessionUser } from '../../../lib/session-user.ts';

export const userEditApiPath = '/user/edit';

export const updateAccountDetails = (body: UserEditBody) => api.put<UserEditResponse>(userEditApiPath, body);

/**
 * `PUT user/edit` (portal spec §7 Account): the answered user replaces the signed-in one, so that
 * `user_details_ok` follows everywhere at once.
 */
export function useUpdateAccountDetails() {
  return useMutation({
    mutationFn: updateAccountDetails,
    onSuccess: (response) => {
      setSessionUser(response.user);
      notify(AccountText.detailsSaved, 'success');
    },
  });
}

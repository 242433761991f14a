import type { SubAccountResponse, SubAccountUpdateRequest } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { accountKeys, subAccountsApiPath } from './keys.ts';

export const updateSubAccount = ({ id, body }: { id: number; body: SubAccountUpdateRequest }) =>
  api.put<SubAccountResponse>(`${subAccountsApiPath}/${id}`, body);

/**
 * `PUT sub-accounts/{id}`: the change holds from the sub-account's next request; an empty password
 * keeps the current one.
 */
export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubAccount,
    onSuccess: (response) => {
      notify(response.message, 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.subAccounts() });
    },
  });
}

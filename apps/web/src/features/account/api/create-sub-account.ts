import type { SubAccountCreateRequest, SubAccountResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { accountKeys, subAccountsApiPath } from './keys.ts';

export const createSubAccount = (body: SubAccountCreateRequest) =>
  api.post<SubAccountResponse>(subAccountsApiPath, body);

/** `POST sub-accounts` (owners with a verified e-mail); the dialog places refusals under its fields. */
export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAccount,
    onSuccess: (response) => {
      notify(response.message, 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.subAccounts() });
    },
  });
}

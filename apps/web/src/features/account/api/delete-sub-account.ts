import type { SubAccount } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';
import { accountKeys, subAccountsApiPath } from './keys.ts';

export const deleteSubAccount = (subAccount: Pick<SubAccount, 'id'>) =>
  api.delete<{ message: string }>(`${subAccountsApiPath}/${subAccount.id}`);

/** `DELETE sub-accounts/{id}`: its sessions end at once. */
export function useDeleteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubAccount,
    onSuccess: (response) => notify(response.message, 'success'),
    onError: (error) => notifyFailure('Failed to delete the sub-account', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.subAccounts() }),
  });
}

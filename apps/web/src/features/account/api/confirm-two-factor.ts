import type { TwoFactorConfirmResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { patchCachedUser } from './cached-user.ts';
import { accountKeys } from './keys.ts';

export const twoFactorConfirmApiPath = '/2fa/confirm';

export const confirmTwoFactor = (code: string) =>
  api.post<TwoFactorConfirmResponse>(twoFactorConfirmApiPath, { code });

/** `POST 2fa/confirm {code}`: the pending method is in use; from none, ten recovery codes come back. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: (response) => {
      patchCachedUser({ two_factor_method: response.method });
      notify(response.message, 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
    },
  });
}

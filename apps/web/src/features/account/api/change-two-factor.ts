import type { TwoFactorChangeRequest, TwoFactorChangeResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchCachedUser } from './cached-user.ts';
import { twoFactorApiPath } from './get-two-factor.ts';
import { accountKeys } from './keys.ts';

export const changeTwoFactor = (body: TwoFactorChangeRequest) =>
  api.post<TwoFactorChangeResponse>(twoFactorApiPath, body);

/**
 * `POST 2fa {method, current_code?}`: a new method waits for its confirming code (the answer
 * carries the QR code and secret of an authenticator app); 'none' turns 2FA off at once.
 */
export function useChangeTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTwoFactor,
    onSuccess: (_response, body) => {
      if (body.method === 'none') patchCachedUser({ two_factor_method: 'none' });
      return queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
    },
  });
}

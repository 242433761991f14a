import type { RecoveryCodesResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

export const recoveryCodesApiPath = '/2fa/recovery-codes';

export const regenerateRecoveryCodes = async (code: string) =>
  (await api.post<RecoveryCodesResponse>(recoveryCodesApiPath, { code })).recovery_codes;

/** `POST 2fa/recovery-codes {code}`: a new set of ten replaces the old one, after a 2FA code. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
  });
}

import type { VpsResetPasswordResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsApiPaths } from './paths.ts';

/** `POST services/vps/{id}/reset-password`: answers the new password, shown once. */
export function useResetVpsPassword(serviceId: number) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<VpsResetPasswordResponse>(vpsApiPaths.resetPassword(serviceId))).password,
    onError: () => notify(VpsToast.resetPasswordFailed, 'error'),
  });
}

import type { Vps2ResetPasswordResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2ApiPaths } from './paths.ts';

/** `POST services/vps/v2/{id}/reset-password`: answers the new root password, shown once. */
export function useResetVps2Password(serviceId: number) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<Vps2ResetPasswordResponse>(vps2ApiPaths.resetPassword(serviceId))).password,
    onError: () => notify(Vps2Toast.resetPasswordFailed, 'error'),
  });
}

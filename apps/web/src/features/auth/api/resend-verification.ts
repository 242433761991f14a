import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const resendVerification = () => api.post<{ message: string }>(apiPaths.sendVerification);

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => notify('Verification email has been resent. Please check your inbox.', 'success'),
    onError: () => notify('Failed to resend verification email. Please try again later.', 'error'),
  });
}

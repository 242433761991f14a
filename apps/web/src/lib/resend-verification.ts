import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { notify } from './notify.ts';
import { apiPaths } from './paths.ts';

export const resendVerification = () => api.post<{ message: string }>(apiPaths.sendVerification);

/**
 * Sends the verification link again (`POST email-verification/send`): from the dashboard's banner,
 * and from wherever a feature waits for a verified address (creating sub-accounts).
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => notify('Verification email has been resent. Please check your inbox.', 'success'),
    onError: () => notify('Failed to resend verification email. Please try again later.', 'error'),
  });
}

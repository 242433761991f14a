import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export const twoFactorEmailCodeApiPath = '/2fa/email-code';

export const EMAIL_CODE_FAILED = 'The code could not be sent. Please try again.';

export const sendTwoFactorEmailCode = () => api.post<{ message: string }>(twoFactorEmailCodeApiPath);

/**
 * `POST 2fa/email-code`: mails a 6-digit code for the e-mail method (to leave it, or to confirm
 * it); a refusal (too many codes asked for) shows the server's reason.
 */
export function useSendTwoFactorEmailCode() {
  return useMutation({
    mutationFn: sendTwoFactorEmailCode,
    onSuccess: (response) => notify(response.message, 'info'),
    onError: (error) =>
      notify(
        isApiError(error) && error.status < 500 && error.message ? error.message : EMAIL_CODE_FAILED,
        'error',
      ),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const requestPasswordReset = (body: { email: string }) =>
  api.post<{ message: string }>(apiPaths.resetPassword, body);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

interface ResetPasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
}

export const resetPassword = ({ token, ...body }: ResetPasswordInput) =>
  api.post<{ message: string }>(apiPaths.resetPasswordToken(token), body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import type { LoginRequest, LoginResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const login = (body: LoginRequest) => api.post<LoginResponse>(apiPaths.login, body);

export function useLogin() {
  return useMutation({ mutationFn: login });
}

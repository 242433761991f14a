import type { RegisterRequest, SessionResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const register = (body: RegisterRequest) => api.post<SessionResponse>(apiPaths.register, body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetSession } from '../../../lib/auth.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const logout = () =>
  api.post<{ message?: string }>(apiPaths.logout, undefined, { redirectOnUnauthorized: false });

/** Ends the session on the server (best effort), then forgets the token and every cached answer. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => forgetSession(),
  });
}

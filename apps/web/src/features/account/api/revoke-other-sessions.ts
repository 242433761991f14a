import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { sessionsApiPath } from './get-sessions.ts';
import { accountKeys } from './keys.ts';

export const revokeOtherSessions = () => api.post<{ message: string }>(`${sessionsApiPath}/revoke-others`);

/** `POST sessions/revoke-others`: every session but this one ends. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (response) => {
      notify(response.message, 'success');
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}

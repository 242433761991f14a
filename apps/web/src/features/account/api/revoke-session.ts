import type { AccountSession } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetSession } from '../../../lib/auth.ts';
import { notify } from '../../../lib/notify.ts';
import { sessionsApiPath } from './get-sessions.ts';
import { accountKeys } from './keys.ts';

export const revokeSession = (session: AccountSession) =>
  api.delete<{ message: string }>(`${sessionsApiPath}/${session.id}`);

/** `DELETE sessions/{id}`: signs that browser out; signing out this one leaves a guest here too. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (response, session) => {
      notify(response.message, 'success');
      if (session.current) forgetSession();
      else return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}

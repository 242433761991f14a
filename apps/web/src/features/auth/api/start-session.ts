import type { SessionResponse } from '@rackdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionKeys } from '../../../lib/auth.ts';
import { setToken } from '../../../lib/session.ts';

/** Stores the token of a new session and puts its user in the cache: the visitor is signed in. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionResponse) => {
      setToken(session.token);
      queryClient.setQueryData(sessionKeys.user, session.user);
    },
    [queryClient],
  );
}

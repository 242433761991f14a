import type { LoginRequest, LoginResponse } from '@rackdesk/contract';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const login = (body: LoginRequest) => api.post<LoginResponse>(apiPaths.login, body);

/**
 * Sends the sign-in, with `isPending` while it runs (the button's spinner). A plain call rather
 * than a cached mutation: /login does not load the query library (issue 18's 100 KB).
 */
export function useLogin() {
  const [isPending, setIsPending] = useState(false);
  const send = useCallback(async (body: LoginRequest) => {
    setIsPending(true);
    try {
      return await login(body);
    } finally {
      setIsPending(false);
    }
  }, []);
  return { isPending, send };
}

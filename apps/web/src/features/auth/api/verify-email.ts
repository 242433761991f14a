import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { authKeys } from './keys.ts';

export const verifyEmail = (token: string) =>
  api.post<{ message?: string }>(apiPaths.verifyEmail, { token }, { redirectOnUnauthorized: false });

/**
 * Verification is a one-time write, but it runs as a query keyed by the token: it starts when the
 * page opens and is sent once even when the page renders twice.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string, enabled: boolean) {
  return useQuery({ ...verifyEmailQuery(token), enabled });
}

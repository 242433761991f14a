import type { AccountSession, AccountSessionListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

export const sessionsApiPath = '/sessions';

export const getSessions = async (): Promise<AccountSession[]> =>
  (await api.get<AccountSessionListResponse>(sessionsApiPath)).sessions;

export const sessionsQuery = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: getSessions });

/** `GET sessions`: the browsers and clients signed in to the account, this one marked. */
export function useSessions() {
  return useQuery(sessionsQuery());
}

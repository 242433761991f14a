import type { ApiToken, ApiTokenListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys, apiTokensApiPath } from './keys.ts';

export const getApiTokens = async (): Promise<ApiToken[]> =>
  (await api.get<ApiTokenListResponse>(apiTokensApiPath)).tokens;

export const apiTokensQuery = () =>
  queryOptions({ queryKey: accountKeys.apiTokens(), queryFn: getApiTokens });

/** `GET api-tokens`: the owner's tokens, never the tokens themselves. */
export function useApiTokens() {
  return useQuery(apiTokensQuery());
}

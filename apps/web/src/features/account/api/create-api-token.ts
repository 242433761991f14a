import type { ApiTokenCreateRequest, ApiTokenCreateResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys, apiTokensApiPath } from './keys.ts';

export const createApiToken = (body: ApiTokenCreateRequest) =>
  api.post<ApiTokenCreateResponse>(apiTokensApiPath, body);

/**
 * `POST api-tokens {description, scope, expires_at?}`: the answer carries the token, once; the
 * dialog shows it and places refusals under the fields.
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiTokens() }),
  });
}

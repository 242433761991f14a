import type { ApiToken } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';
import { accountKeys, apiTokensApiPath } from './keys.ts';

export const deleteApiToken = (token: Pick<ApiToken, 'id'>) =>
  api.delete<{ message: string }>(`${apiTokensApiPath}/${token.id}`);

/** `DELETE api-tokens/{id}`: the token is refused from the next request on. */
export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSuccess: (response) => notify(response.message, 'success'),
    onError: (error) => notifyFailure('Failed to delete API token', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiTokens() }),
  });
}

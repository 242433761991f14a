import type { DedicatedNicknameResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

/** `PATCH services/dedicated/{id} {hostname}`: sets the nickname (servers spec §7). */
export function useUpdateNickname(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) =>
      api.patch<DedicatedNicknameResponse>(dedicatedApi.detail(serviceId), { hostname: nickname }),
    onSuccess: () => notify('Successfully changed the server nickname.', 'success'),
    onError: () => notify('An error occured trying to change the server nickname.', 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dedicatedKeys.detail(serviceId) }),
  });
}

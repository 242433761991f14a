import { RdnsText, type RdnsSaveRequest, type RdnsSaveResponse, type RdnsType } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { rdnsApi, rdnsKeys } from './keys.ts';

/** `POST services/{id}/rdns` with parallel lists (servers spec §7). */
export function useSaveRdns(serviceId: number, type: RdnsType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RdnsSaveRequest, 'type'>) =>
      api.post<RdnsSaveResponse>(rdnsApi.entries(serviceId), { ...body, type }),
    onSuccess: () => notify(RdnsText.saved, 'success'),
    onError: () => notify(RdnsText.saveFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rdnsKeys.all(serviceId) }),
  });
}

import type { VpsIsoAddResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { isAnyIsoList } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `POST services/vps/iso/add`: the download starts; the ISO is queued until it is complete. */
export function useAddVpsIso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<VpsIsoAddResponse>(vpsApiPaths.isoAdd, { url }),
    onError: () => notify(VpsToast.isoAddFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ predicate: isAnyIsoList }),
  });
}

import type { VpsInsertIsosBody } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `POST services/vps/{id}/insert {iso, sec_iso}`: file names, '' for an empty drive. */
export function useInsertVpsIsos(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drives: VpsInsertIsosBody) => api.post(vpsApiPaths.insert(serviceId), drives),
    onSuccess: () => notify('ISOs inserted.', 'success'),
    onError: () => notify(VpsToast.insertFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
  });
}

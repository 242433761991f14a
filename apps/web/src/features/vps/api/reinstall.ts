import type { VpsRebuildBody } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `POST services/vps/{id}/rebuild`: the VPS is locked while it reinstalls. */
export function useReinstallVps(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VpsRebuildBody) => api.post(vpsApiPaths.rebuild(serviceId), body),
    onError: () => notify(VpsToast.reinstallFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
  });
}

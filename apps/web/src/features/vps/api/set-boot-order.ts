import type { VpsBootOrder } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `POST services/vps/{id}/boot {order}`. */
export function useSetVpsBootOrder(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: VpsBootOrder) => api.post(vpsApiPaths.boot(serviceId), { order }),
    onSuccess: () => notify('Boot order saved.', 'success'),
    onError: () => notify(VpsToast.bootSaveFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
  });
}

import type { Vps2BootOrder } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `POST services/vps/v2/{id}/boot {order}`. */
export function useSetVps2BootOrder(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Vps2BootOrder) => api.post(vps2ApiPaths.boot(serviceId), { order }),
    onSuccess: () => notify('Boot order saved.', 'success'),
    onError: () => notify(Vps2Toast.bootSaveFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
  });
}

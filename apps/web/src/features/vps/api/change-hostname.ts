import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `PATCH services/vps/{id}/hostname`. */
export function useChangeVpsHostname(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hostname: string) => api.patch(vpsApiPaths.hostname(serviceId), { hostname }),
    onSuccess: () => notify(VpsToast.hostnameChanged, 'success'),
    onError: () => notify(VpsToast.hostnameFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
  });
}

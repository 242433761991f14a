import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `PATCH services/vps/v2/{id}/hostname`. */
export function useChangeVps2Hostname(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hostname: string) => api.patch(vps2ApiPaths.hostname(serviceId), { hostname }),
    onSuccess: () => notify(Vps2Toast.hostnameChanged, 'success'),
    onError: () => notify(Vps2Toast.hostnameFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { VpsToast } from '../utils/toasts.ts';
import { isAnyIsoList, vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `DELETE services/vps/iso/{id}`; the platform also ejects it from every VPS. */
export function useDeleteVpsIso(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isoId: number) => api.delete(vpsApiPaths.iso(isoId)),
    onError: () => notify(VpsToast.isoDeleteFailed, 'error'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isAnyIsoList }),
        queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';
import { VpsToast } from '../utils/toasts.ts';
import { isAnyIsoList, vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** `DELETE services/vps/iso/{id}`; refused (409) while the ISO is in a CD drive of any of the account's servers. */
export function useDeleteVpsIso(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isoId: number) => api.delete(vpsApiPaths.iso(isoId)),
    onError: (error) => notifyFailure(VpsToast.isoDeleteFailed, error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isAnyIsoList }),
        queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
      ]),
  });
}

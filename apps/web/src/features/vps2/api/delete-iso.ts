import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { isAnyVps2IsoList, vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `DELETE services/vps/v2/iso/{id}`; refused (409) while the ISO is in a CD drive of any of the account's servers. */
export function useDeleteVps2Iso(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isoId: string) => api.delete(vps2ApiPaths.iso(isoId)),
    onError: (error) => notifyFailure(Vps2Toast.isoDeleteFailed, error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: isAnyVps2IsoList }),
        queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
      ]),
  });
}

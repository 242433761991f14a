import type { Vps2Iso } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { isAnyVps2IsoList } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `POST services/vps/v2/iso/add {url}`: the download starts; the ISO is queued until complete. */
export function useAddVps2Iso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<{ message: string; iso: Vps2Iso }>(vps2ApiPaths.isoAdd, { url }),
    onError: () => notify(Vps2Toast.isoAddFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ predicate: isAnyVps2IsoList }),
  });
}

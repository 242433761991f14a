import type { Vps2InsertIso } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `POST services/vps/v2/{id}/insert {iso?, sec_iso?}`: ISO ids, null for an empty drive. */
export function useInsertVps2Isos(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drives: Vps2InsertIso) => api.post(vps2ApiPaths.insert(serviceId), drives),
    onSuccess: () => notify('ISOs inserted.', 'success'),
    onError: () => notify(Vps2Toast.insertFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
  });
}

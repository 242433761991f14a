import type { Vps2RebuildRequest } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** `POST services/vps/v2/{id}/rebuild`: the server is locked while it reinstalls. */
export function useReinstallVps2(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Vps2RebuildRequest) => api.post(vps2ApiPaths.rebuild(serviceId), body),
    onError: () => notify(Vps2Toast.reinstallFailed, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
  });
}

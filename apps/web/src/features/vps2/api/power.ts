import { TOAST_MS } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

export type Vps2PowerAction = 'start' | 'powerOff' | 'restart';

const failure: Record<Vps2PowerAction, string> = {
  start: Vps2Toast.powerOnFailed,
  powerOff: Vps2Toast.powerOffFailed,
  restart: Vps2Toast.rebootFailed,
};

/** Start, power off or reboot (`POST services/vps/v2/{id}/start|powerOff|restart`). */
export function useVps2Power(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Vps2PowerAction) => {
      await api.post(vps2ApiPaths.power(serviceId, action));
      return action;
    },
    onError: (_error, action) => notify(failure[action], 'error', TOAST_MS.power),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vps2Keys.detail(serviceId) }),
  });
}

import { TOAST_MS } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import type { PowerAction } from '../utils/power-transition.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

const feedback: Record<PowerAction, { success?: string; failure: string; autoCloseMs: number }> = {
  start: { failure: VpsToast.powerOnFailed, autoCloseMs: TOAST_MS.power },
  powerOff: { failure: VpsToast.powerOffFailed, autoCloseMs: TOAST_MS.power },
  restart: { success: VpsToast.rebooted, failure: VpsToast.rebootFailed, autoCloseMs: TOAST_MS.vpsReboot },
};

/** Start, power off or reboot (`POST services/vps/{id}/start|powerOff|restart`). */
export function useVpsPower(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: PowerAction) => {
      await api.post(vpsApiPaths.power(serviceId, action));
      return action;
    },
    onSuccess: (action) => {
      const { success, autoCloseMs } = feedback[action];
      if (success) notify(success, 'success', autoCloseMs);
    },
    onError: (_error, action) => notify(feedback[action].failure, 'error', feedback[action].autoCloseMs),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpsKeys.detail(serviceId) }),
  });
}

import {
  type DedicatedPowerAction,
  type DedicatedPowerStatus,
  type DedicatedPowerState,
  TOAST_MS,
} from '@rackdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

/**
 * While the server is between states the status is asked again this often, so that it follows
 * the machine without a reload (the spec gives no interval; live events refresh it sooner).
 */
export const POWER_TRANSITION_POLL_MS = 3_000;
const settledStates: readonly DedicatedPowerState[] = ['online', 'offline'];

/** `POST .../power/status`. */
export function usePowerStatus(serviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: dedicatedKeys.powerStatus(serviceId),
    queryFn: () => api.post<DedicatedPowerStatus>(dedicatedApi.power(serviceId, 'status')),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !settledStates.includes(status) ? POWER_TRANSITION_POLL_MS : false;
    },
  });
}

/** The toasts of each power action (servers spec §8), shown for 5 s. */
export const powerToasts: Record<DedicatedPowerAction, { success: string; failure: string }> = {
  powerOn: { success: 'Power On Successful', failure: 'Power On Failed' },
  powerOff: { success: 'Power Off Successful', failure: 'Power Off Failed' },
  powerReset: { success: 'Reboot Successful', failure: 'Reboot Failed' },
  resetBmc: { success: 'Reset BMC Server Successful', failure: 'Failed to Reset BMC Server' },
};

/** `POST .../power/{action}`; on success the status is refreshed (servers spec §4). */
export function usePowerAction(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DedicatedPowerAction) => api.post(dedicatedApi.power(serviceId, action)),
    onSuccess: async (_answer, action) => {
      notify(powerToasts[action].success, 'success', TOAST_MS.power);
      await queryClient.invalidateQueries({ queryKey: dedicatedKeys.powerStatus(serviceId) });
    },
    onError: (_error, action) => notify(powerToasts[action].failure, 'error', TOAST_MS.power),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { serviceListQueryKey, serviceQueryKey } from '../../../lib/service-queries.ts';
import { upgradeApiPaths } from './upgrade-products.ts';

/** The answer of the upgrade call (`vps2UpgradeResponseSchema`). */
export interface UpgradeOrder {
  success: boolean;
  invoiceid: number;
}

/**
 * `POST services/vps/v2/{id}/upgrade {pid}`: bills the prorated difference on an upgrade invoice,
 * moves the service to the new plan and resizes the server, which reboots. The modal shows the
 * outcome; everything about the service is refreshed.
 */
export function useCreateUpgradeOrder(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pid: number) => api.post<UpgradeOrder>(upgradeApiPaths.upgrade(serviceId), { pid }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
        queryClient.invalidateQueries({ queryKey: serviceListQueryKey }),
      ]),
  });
}

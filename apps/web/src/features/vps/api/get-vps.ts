import { VPS_POLL_MS, type VpsDetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';

export const getVps = (serviceId: number) => api.get<VpsDetailResponse>(vpsApiPaths.detail(serviceId));

/** The VPS and its billing (`GET services/vps/{id}`), polled every 30 s. */
export function useVps(serviceId: number) {
  const query = useQuery({
    queryKey: vpsKeys.detail(serviceId),
    queryFn: () => getVps(serviceId),
    refetchInterval: VPS_POLL_MS.detail,
    retry: retryServerErrorsOnce,
    enabled: serviceId > 0,
  });
  useFailureToast(query, VpsToast.statusRefreshFailed, { onlyRefresh: true });
  return query;
}

import { VPS2_POLL_MS, type Vps2DetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

export const getVps2 = (serviceId: number) => api.get<Vps2DetailResponse>(vps2ApiPaths.detail(serviceId));

/** The server and its billing (`GET services/vps/v2/{id}`), polled every 30 s. */
export function useVps2(serviceId: number) {
  const query = useQuery({
    queryKey: vps2Keys.detail(serviceId),
    queryFn: () => getVps2(serviceId),
    refetchInterval: VPS2_POLL_MS.detail,
    retry: retryServerErrorsOnce,
    enabled: serviceId > 0,
  });
  useFailureToast(query, Vps2Toast.statusRefreshFailed, { onlyRefresh: true });
  return query;
}

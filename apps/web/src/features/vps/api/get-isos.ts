import { VPS_POLL_MS, type VpsIsoListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** The account's ISOs (`GET services/vps/iso`), polled every 30 s. */
export function useVpsIsos(serviceId: number) {
  const query = useQuery({
    queryKey: vpsKeys.isos(serviceId),
    queryFn: async () => (await api.get<VpsIsoListResponse>(vpsApiPaths.isos)).isos,
    refetchInterval: VPS_POLL_MS.isos,
  });
  useFailureToast(query, VpsToast.isosFailed);
  return query;
}

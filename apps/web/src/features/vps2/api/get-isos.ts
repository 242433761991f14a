import { VPS2_POLL_MS, type Vps2IsoListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** The account's VPS v2 ISOs (`GET services/vps/v2/iso`), polled every 30 s. */
export function useVps2Isos(serviceId: number) {
  const query = useQuery({
    queryKey: vps2Keys.isos(serviceId),
    queryFn: async () => (await api.get<Vps2IsoListResponse>(vps2ApiPaths.isos)).isos,
    refetchInterval: VPS2_POLL_MS.isos,
  });
  useFailureToast(query, Vps2Toast.isosFailed);
  return query;
}

import { VPS2_POLL_MS, type Vps2StatSample, type Vps2StatsRange } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** Usage samples of one range (`GET services/vps/v2/{id}/stats/{range}`), refreshed every 60 s. */
export function useVps2Stats(serviceId: number, range: Vps2StatsRange) {
  return useQuery({
    queryKey: vps2Keys.stats(serviceId, range),
    queryFn: async () =>
      (await api.get<{ stats: Vps2StatSample[] }>(vps2ApiPaths.stats(serviceId, range))).stats,
    refetchInterval: VPS2_POLL_MS.stats,
    staleTime: VPS2_POLL_MS.stats,
  });
}

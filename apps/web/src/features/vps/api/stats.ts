import { VPS_POLL_MS, type VpsStats } from '@rackdesk/contract';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/**
 * Usage rows of the given months (`GET services/vps/{id}/stats/{YYYYMM}`): the current month is
 * refreshed every 60 s; a past month no longer changes.
 */
export function useVpsStats(serviceId: number, months: string[], currentMonth: string) {
  return useQueries({
    queries: months.map((month) => ({
      queryKey: vpsKeys.stats(serviceId, month),
      queryFn: () => api.get<VpsStats>(vpsApiPaths.stats(serviceId, month)),
      refetchInterval: month === currentMonth ? VPS_POLL_MS.stats : false,
      staleTime: month === currentMonth ? VPS_POLL_MS.stats : Number.POSITIVE_INFINITY,
    })),
    combine,
  });
}

/** Outside the hook, so that the combined result is recomputed only when a query's result changes. */
function combine(results: UseQueryResult<VpsStats>[]) {
  return {
    rows: results.flatMap((result) => result.data?.rows ?? []),
    isPending: results.some((result) => result.isPending),
    isError: results.some((result) => result.isError),
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

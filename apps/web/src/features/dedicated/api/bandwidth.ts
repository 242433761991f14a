import type {
  DedicatedBandwidthRange,
  DedicatedBandwidthResponse,
  DedicatedBandwidthSummary,
} from '@rackdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

/** `GET .../bandwidth?mode=...`: the chart's samples; the previous range stays while the next loads. */
export function useBandwidth(serviceId: number, range: DedicatedBandwidthRange) {
  return useQuery({
    queryKey: dedicatedKeys.bandwidth(serviceId, range),
    queryFn: async () =>
      (await api.get<DedicatedBandwidthResponse>(dedicatedApi.bandwidth(serviceId, range))).stats,
    placeholderData: keepPreviousData,
  });
}

/** `GET .../bandwidth/summary`: bits since the start of the month. */
export function useBandwidthSummary(serviceId: number) {
  return useQuery({
    queryKey: dedicatedKeys.bandwidthSummary(serviceId),
    queryFn: () => api.get<DedicatedBandwidthSummary>(dedicatedApi.bandwidthSummary(serviceId)),
  });
}

import type { DedicatedDetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

export const getDedicatedServer = (serviceId: number) =>
  api.get<DedicatedDetailResponse>(dedicatedApi.detail(serviceId));

/** `GET services/dedicated/{id}`: billing and server. */
export function useDedicatedServer(serviceId: number) {
  return useQuery({
    queryKey: dedicatedKeys.detail(serviceId),
    queryFn: () => getDedicatedServer(serviceId),
    retry: retryServerErrorsOnce,
    enabled: serviceId > 0,
  });
}

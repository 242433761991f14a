import type { DedicatedDetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

export const getDedicatedServer = (serviceId: number) =>
  api.get<DedicatedDetailResponse>(dedicatedApi.detail(serviceId));

/** A 4xx is an answer (not found, no access): asking again would not change it. */
export const retryServerErrorsOnce = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status < 500);

/** `GET services/dedicated/{id}`: billing and server. */
export function useDedicatedServer(serviceId: number) {
  return useQuery({
    queryKey: dedicatedKeys.detail(serviceId),
    queryFn: () => getDedicatedServer(serviceId),
    retry: retryServerErrorsOnce,
    enabled: serviceId > 0,
  });
}

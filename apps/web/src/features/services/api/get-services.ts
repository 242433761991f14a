import type { ServiceDetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';

export const servicesKeys = {
  detail: (id: number) => [...serviceQueryKey(id), 'billing'] as const,
};

export const getService = async (id: number) =>
  (await api.get<ServiceDetailResponse>(apiPaths.service(id))).billing;

/** One service's billing detail (`GET services/{id}`). */
export function useService(id: number) {
  return useQuery({
    queryKey: servicesKeys.detail(id),
    queryFn: () => getService(id),
    retry: retryServerErrorsOnce,
  });
}

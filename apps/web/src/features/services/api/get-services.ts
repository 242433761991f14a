import type { ServiceDetailResponse, ServiceListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { serviceListQueryKey, serviceQueryKey } from '../../../lib/service-queries.ts';

export const servicesKeys = {
  list: () => [...serviceListQueryKey, 'list'] as const,
  detail: (id: number) => [...serviceQueryKey(id), 'billing'] as const,
};

export const getServices = async () =>
  (await api.get<ServiceListResponse>(apiPaths.services)).products.product;

export function useServices() {
  return useQuery({ queryKey: servicesKeys.list(), queryFn: getServices });
}

export const getService = async (id: number) =>
  (await api.get<ServiceDetailResponse>(apiPaths.service(id))).billing;

/** A 4xx is an answer (not found, no access), not a hiccup: asking again would not change it. */
const retryServerErrorsOnce = (failures: number, error: unknown) =>
  failures < 1 && !(isApiError(error) && error.status < 500);

/** One service's billing detail (`GET services/{id}`). */
export function useService(id: number) {
  return useQuery({
    queryKey: servicesKeys.detail(id),
    queryFn: () => getService(id),
    retry: retryServerErrorsOnce,
  });
}

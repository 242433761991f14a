import type { ServiceDetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { serviceQueryKey } from '../../../lib/service-queries.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';

export const servicesKeys = {
  detail: (id: number) => [...serviceQueryKey(id), 'billing'] as const,
};

export const getService = (id: number) => api.get<ServiceDetailResponse>(apiPaths.service(id));

/** One service's billing detail and the state of its setup (`GET services/{id}`), cached once. */
function useServiceDetail<T>(id: number, select: (detail: ServiceDetailResponse) => T) {
  return useQuery({
    queryKey: servicesKeys.detail(id),
    queryFn: () => getService(id),
    retry: retryServerErrorsOnce,
    select,
  });
}

const billingOf = (detail: ServiceDetailResponse) => detail.billing;
const provisioningOf = (detail: ServiceDetailResponse) => detail.provisioning;

/** One service's billing detail. */
export function useService(id: number) {
  return useServiceDetail(id, billingOf);
}

/** How far an ordered service's setup is; null for a service not set up through an order. */
export function useServiceProvisioning(id: number) {
  return useServiceDetail(id, provisioningOf);
}

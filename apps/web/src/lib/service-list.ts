import type { ServiceListItem, ServiceListResponse } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { apiPaths } from './paths.ts';
import { serviceListQueryKey } from './service-queries.ts';

/**
 * The account's services (`GET services`), one cached list for every page that shows them: the
 * services page, and the sub-account form that whitelists some of them.
 */
export const getServices = async (): Promise<ServiceListItem[]> =>
  (await api.get<ServiceListResponse>(apiPaths.services)).products.product;

export const serviceListQuery = () =>
  queryOptions({ queryKey: [...serviceListQueryKey, 'list'] as const, queryFn: getServices });

export function useServices() {
  return useQuery(serviceListQuery());
}

import type { ServiceListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const servicesKeys = {
  all: ['services'] as const,
  list: () => [...servicesKeys.all, 'list'] as const,
};

export const getServices = async () =>
  (await api.get<ServiceListResponse>(apiPaths.services)).products.product;

export function useServices() {
  return useQuery({ queryKey: servicesKeys.list(), queryFn: getServices });
}

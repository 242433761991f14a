import type { RdnsType } from '@rackdesk/contract';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

export const rdnsKeys = {
  all: (serviceId: number) => [...serviceQueryKey(serviceId), 'rdns'] as const,
  entries: (serviceId: number, type: RdnsType, ips: readonly string[]) =>
    [...rdnsKeys.all(serviceId), type, ...ips] as const,
};

export const rdnsApi = {
  entries: (serviceId: number) => `/services/${serviceId}/rdns`,
};

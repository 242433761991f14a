import { serviceQueryKey } from '../../../lib/service-queries.ts';

/** Query keys of the storage page; under the service's key, so its live events refresh them. */
export const storageKeys = {
  detail: (serviceId: number) => [...serviceQueryKey(serviceId), 'storage', 'detail'] as const,
};

/** API paths of the storage page (API.md), relative to /api. */
export const storageApiPaths = {
  detail: (id: number) => `/services/storage/${id}`,
  detach: (id: number) => `/services/storage/${id}/detach`,
} as const;

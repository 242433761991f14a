import type { DedicatedBandwidthRange } from '@rackdesk/contract';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

/** Query keys of the dedicated page: all under the service's key, so live events refresh them. */
export const dedicatedKeys = {
  all: (serviceId: number) => [...serviceQueryKey(serviceId), 'dedicated'] as const,
  detail: (serviceId: number) => [...dedicatedKeys.all(serviceId), 'detail'] as const,
  templates: (serviceId: number) => [...dedicatedKeys.all(serviceId), 'templates'] as const,
  rebuildStatus: (serviceId: number) => [...dedicatedKeys.all(serviceId), 'rebuild-status'] as const,
  powerStatus: (serviceId: number) => [...dedicatedKeys.all(serviceId), 'power-status'] as const,
  bandwidth: (serviceId: number, range: DedicatedBandwidthRange) =>
    [...dedicatedKeys.all(serviceId), 'bandwidth', range] as const,
  bandwidthSummary: (serviceId: number) => [...dedicatedKeys.all(serviceId), 'bandwidth-summary'] as const,
};

/** API paths of the dedicated page (servers spec §7 "Dedicated"), relative to /api. */
export const dedicatedApi = {
  detail: (id: number) => `/services/dedicated/${id}`,
  templates: (id: number) => `/services/dedicated/${id}/templates`,
  rebuild: (id: number) => `/services/dedicated/${id}/rebuild`,
  rebuildStop: (id: number) => `/services/dedicated/${id}/rebuild/stop`,
  rebuildStatus: (id: number) => `/services/dedicated/${id}/rebuild/status`,
  power: (id: number, action: string) => `/services/dedicated/${id}/power/${action}`,
  console: (id: number, mode: string) => `/services/dedicated/${id}/console?mode=${mode}`,
  bandwidth: (id: number, range: DedicatedBandwidthRange) =>
    `/services/dedicated/${id}/bandwidth?mode=${range}`,
  bandwidthSummary: (id: number) => `/services/dedicated/${id}/bandwidth/summary`,
};

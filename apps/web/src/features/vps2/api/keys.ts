import type { Vps2StatsRange } from '@rackdesk/contract';
import type { Query } from '@tanstack/react-query';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

/**
 * Query keys of the VPS v2 page's server, Server Info and Configure data. All start with the
 * service's key, so a live event about the service (power settled, reinstall done) refreshes them;
 * the ISO library is the account's, cached per page that shows it.
 */
export const vps2Keys = {
  all: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps2'] as const,
  detail: (serviceId: number) => [...vps2Keys.all(serviceId), 'detail'] as const,
  stats: (serviceId: number, range: Vps2StatsRange) => [...vps2Keys.all(serviceId), 'stats', range] as const,
  templates: (serviceId: number) => [...vps2Keys.all(serviceId), 'templates'] as const,
  isos: (serviceId: number) => [...vps2Keys.all(serviceId), 'isos'] as const,
};

/** Matches the ISO list of every VPS v2 page, since they all show the same library. */
export const isAnyVps2IsoList = (query: Query) =>
  query.queryKey[2] === 'vps2' && query.queryKey[3] === 'isos';

import type { Query } from '@tanstack/react-query';
import { serviceQueryKey } from '../../../lib/service-queries.ts';

/**
 * Query keys of the first-generation VPS page. All start with the service's key, so a live event
 * about the service refreshes them; the ISO library is the account's, cached per page that shows it.
 */
export const vpsKeys = {
  detail: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps', 'detail'] as const,
  stats: (serviceId: number, month: string) =>
    [...serviceQueryKey(serviceId), 'vps', 'stats', month] as const,
  templates: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps', 'templates'] as const,
  isos: (serviceId: number) => [...serviceQueryKey(serviceId), 'vps', 'isos'] as const,
};

/** Matches the ISO list of every VPS page, since they all show the same library. */
export const isAnyIsoList = (query: Query) => query.queryKey[2] === 'vps' && query.queryKey[3] === 'isos';

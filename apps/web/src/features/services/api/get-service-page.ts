import type { ServiceListResponse } from '@rackdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnSort } from '../../../components/data-table/data-table.tsx';
import { api } from '../../../lib/api-client.ts';
import { type CursorPageState, listQueryString } from '../../../lib/cursor-paging.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { serviceListQueryKey } from '../../../lib/service-queries.ts';

export interface ServicePageRequest {
  /** The search box's text (domain, product, IP address, status, group); '' for none. */
  search: string;
  /** 'Show all services (including inactive)'. */
  showAll: boolean;
  /** The column header the list is sorted by; null for the server's order (by id). */
  sort: ColumnSort | null;
  page: CursorPageState;
}

/** The query string of one page of `GET services` (servers spec §2; paged, sorted and searched by the server). */
export function servicePageQuery({ search, showAll, sort, page }: ServicePageRequest): string {
  return listQueryString(page, { search, sort, filters: { show_all: showAll ? 'true' : undefined } });
}

/**
 * One page of the services list. Its key starts with the service list's, so a live service event
 * refetches the page on screen; the page shown stays while the next one loads.
 */
export function useServicePage(request: ServicePageRequest) {
  return useQuery({
    queryKey: [...serviceListQueryKey, 'page', request] as const,
    queryFn: () => api.get<ServiceListResponse>(`${apiPaths.services}?${servicePageQuery(request)}`),
    placeholderData: keepPreviousData,
  });
}

import type { TicketListResponse } from '@rackdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnSort } from '../../../components/data-table/data-table.tsx';
import { api } from '../../../lib/api-client.ts';
import { type CursorPageState, listQueryString } from '../../../lib/cursor-paging.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { supportKeys } from './keys.ts';

export interface TicketPageRequest {
  /** The subject search; '' for none. */
  search: string;
  /** The column header the list is sorted by; null for the server's order (last update, newest first). */
  sort: ColumnSort | null;
  page: CursorPageState;
}

/** The query string of one page of `GET support` (portal spec §2; paged, sorted and searched by the server). */
export const ticketPageQuery = ({ search, sort, page }: TicketPageRequest) =>
  listQueryString(page, { search, sort });

/**
 * One page of the account's tickets (a sub-account needs the support permission). Under the
 * ticket lists' key, so opening, answering or closing a ticket, or a staff reply, refetches it;
 * the page shown stays while the next one loads.
 */
export function useTicketPage(request: TicketPageRequest) {
  return useQuery({
    queryKey: [...supportKeys.list(), request] as const,
    queryFn: () => api.get<TicketListResponse>(`${apiPaths.support}?${ticketPageQuery(request)}`),
    retry: retryServerErrorsOnce,
    placeholderData: keepPreviousData,
  });
}

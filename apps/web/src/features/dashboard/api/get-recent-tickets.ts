import type { TicketListResponse, TicketSummary } from '@rackdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { DASHBOARD_CARD_ROWS } from '../utils/format.ts';
import { emptyOnForbidden } from './empty-on-forbidden.ts';
import { dashboardKeys } from './keys.ts';

/** Tickets that are not Closed, most recently updated first (servers spec §2, Recent Tickets card): one small page. */
export const recentTicketsPath = `${apiPaths.support}?open_only=true&limitnum=${DASHBOARD_CARD_ROWS}`;

export const getRecentTickets = (): Promise<TicketSummary[]> =>
  emptyOnForbidden(async () => (await api.get<TicketListResponse>(recentTicketsPath)).tickets.tickets.ticket);

export const recentTicketsQuery = queryOptions({
  queryKey: dashboardKeys.tickets(),
  queryFn: getRecentTickets,
});

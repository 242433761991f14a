import type { TicketListResponse, TicketSummary } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { emptyOnForbidden } from './empty-on-forbidden.ts';
import { dashboardKeys } from './keys.ts';

/** Tickets that are not Closed (servers spec §2, Recent Tickets card). */
export const getRecentTickets = (): Promise<TicketSummary[]> =>
  emptyOnForbidden(async () =>
    (await api.get<TicketListResponse>(apiPaths.support)).tickets.tickets.ticket.filter(
      (t) => t.status !== 'Closed',
    ),
  );

export function useRecentTickets() {
  return useQuery({ queryKey: dashboardKeys.tickets(), queryFn: getRecentTickets });
}

import type { TicketListResponse, TicketSummary } from '@rackdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { supportKeys } from './keys.ts';

export const getTickets = async (): Promise<TicketSummary[]> =>
  (await api.get<TicketListResponse>(apiPaths.support)).tickets.tickets.ticket;

export const ticketsQuery = () =>
  queryOptions({ queryKey: supportKeys.list(), queryFn: getTickets, retry: retryServerErrorsOnce });

/** `GET support`: the account's tickets (a sub-account needs the support permission). */
export function useTickets() {
  return useQuery(ticketsQuery());
}

import { TICKET_POLL_MS, type TicketDetail } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { supportApiPaths, supportKeys } from './keys.ts';

/** `GET support/{tid}` as the signed-in user, or `GET guest/support/{tid}?c=` with a guest's key. */
export const getTicket = (tid: string, guestKey: string | null) =>
  api.get<TicketDetail>(
    guestKey === null ? supportApiPaths.ticket(tid) : supportApiPaths.guestTicket(tid, guestKey),
  );

/**
 * One ticket with its thread, asked for again every 25 s (portal spec §4, §9): staff answers
 * also arrive sooner as live events for signed-in users, but a guest has only the poll.
 */
export function useTicket(tid: string, guestKey: string | null) {
  return useQuery({
    queryKey: supportKeys.ticket(tid, guestKey),
    queryFn: () => getTicket(tid, guestKey),
    retry: retryServerErrorsOnce,
    // A 4xx (no such ticket, not yours) is an answer that asking again will not change.
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status < 500 ? false : TICKET_POLL_MS,
  });
}

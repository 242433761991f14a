import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToEvents } from '../../../lib/event-stream.ts';
import { supportKeys } from '../api/keys.ts';
import { ticketListsKey } from '../../../lib/ticket-list-key.ts';
import { isUpdateOfTicket } from '../utils/ticket-events.ts';

/**
 * Reads the thread again as soon as the server reports a staff reply or a status change of this
 * ticket, instead of waiting for the 25 s poll (which stays, in case the stream misses one).
 * Only signed-in users have an event stream; a guest's thread has the poll alone.
 */
export function useLiveTicketUpdates(tid: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents((event) => {
      if (!isUpdateOfTicket(event, tid)) return;
      void queryClient.invalidateQueries({ queryKey: supportKeys.ticket(tid, null) });
      void queryClient.invalidateQueries({ queryKey: ticketListsKey });
    });
  }, [enabled, tid, queryClient]);
}

import { SupportText, type TicketActionResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { notifyFailure } from '../../../lib/notify-failure.ts';
import { supportApiPaths, supportKeys } from './keys.ts';
import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

export interface CloseTicketInput {
  tid: string;
  guestKey: string | null;
}

/** `POST support/{tid}/close`, or `POST guest/support/{tid}/close?c=` for a guest. */
export const closeTicket = ({ tid, guestKey }: CloseTicketInput) =>
  api.post<TicketActionResponse>(
    guestKey === null ? supportApiPaths.close(tid) : supportApiPaths.guestClose(tid, guestKey),
  );

/** Closes a ticket; the thread and the lists show it Closed after. */
export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: (response) => notify(response.message || SupportText.closed, 'success'),
    onError: (error) => notifyFailure('The ticket could not be closed. Please try again.', error),
    onSettled: (_response, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.ticket(input.tid, input.guestKey) }),
        queryClient.invalidateQueries({ queryKey: ticketListsKey }),
      ]),
  });
}

import type { TicketActionResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportApiPaths, supportKeys } from './keys.ts';
import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

export interface TicketReplyInput {
  tid: string;
  guestKey: string | null;
  message: string;
  images: readonly File[];
}

/**
 * `POST support/{tid}` (multipart with `images[]` when images are attached, JSON otherwise) or
 * `POST guest/support/{tid}?c=` (guests attach nothing). A reply to a Closed ticket reopens it.
 */
export function replyToTicket({ tid, guestKey, message, images }: TicketReplyInput) {
  if (guestKey !== null)
    return api.post<TicketActionResponse>(supportApiPaths.guestTicket(tid, guestKey), { message });
  if (images.length === 0) return api.post<TicketActionResponse>(supportApiPaths.ticket(tid), { message });
  const form = new FormData();
  form.append('message', message);
  for (const image of images) form.append('images[]', image, image.name);
  return api.post<TicketActionResponse>(supportApiPaths.ticket(tid), form);
}

/** Sends a reply; the thread and the ticket lists (status, last update) are read again after it. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: (_response, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.ticket(input.tid, input.guestKey) }),
        queryClient.invalidateQueries({ queryKey: ticketListsKey }),
      ]),
  });
}

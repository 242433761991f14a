import type { CreateTicketRequest, CreateTicketResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

/** JSON, or multipart/form-data (the same fields and `images[]`) when images are attached. */
export const createTicket = (body: CreateTicketRequest | FormData) =>
  api.put<CreateTicketResponse>(apiPaths.support, body);

/** `PUT support`: opens a ticket for the signed-in account; every ticket list refreshes. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketListsKey }),
  });
}

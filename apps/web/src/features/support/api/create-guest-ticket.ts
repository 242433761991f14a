import type { GuestCreateTicketResponse } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The fields travel in the query string (portal spec §7), so the request has no body. */
export const createGuestTicket = (query: URLSearchParams) =>
  api.put<GuestCreateTicketResponse>(`${apiPaths.guestSupport}?${query.toString()}`, undefined);

/** `PUT guest/support?…`: a guest's ticket in Sales; the answer carries the access key `c`. */
export function useCreateGuestTicket() {
  return useMutation({ mutationFn: createGuestTicket });
}

import { SupportText, TICKET_SUBJECT_DISPLAY_MAX, type TicketSummary } from '@rackdesk/contract';
import { truncateSubject } from '../../../lib/ticket-format.ts';

/** The list's subject cell: cut at 61 characters with an ellipsis (portal spec §9). */
export const listSubject = (subject: string) => truncateSubject(subject, TICKET_SUBJECT_DISPLAY_MAX);

/** Texts of the list below the table when no row shows. */
export const TicketListText = {
  empty: 'You have not opened any support tickets yet.',
  noMatch: 'No tickets match your search.',
  failed: SupportText.listFailed,
} as const;

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: T | undefined;
}

export type TicketListView<T = TicketSummary[]> =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'tickets'; tickets: T };

/**
 * What the list shows for the state of its query: a loader, the §8 failure text (with a retry) when
 * the tickets could not be loaded, else the tickets (the table says when there are none). A
 * refresh that fails keeps the tickets already shown.
 */
export function ticketListView<T = TicketSummary[]>(query: ListQuery<T>): TicketListView<T> {
  if (query.data) return { kind: 'tickets', tickets: query.data };
  if (query.isError) return { kind: 'failed', message: TicketListText.failed };
  return { kind: 'loading' };
}

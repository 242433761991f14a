import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

/** Query keys of the support pages. */
export const supportKeys = {
  all: ['support'] as const,
  // Under the shared root, so that opening a ticket refreshes the dashboard's card as well.
  list: () => [...ticketListsKey, 'support'] as const,
  departments: () => [...supportKeys.all, 'departments'] as const,
};

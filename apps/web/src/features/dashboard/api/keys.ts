import { invoiceListsKey } from '../../../lib/invoice-list-key.ts';
import { ticketListsKey } from '../../../lib/ticket-list-key.ts';

/** Query keys of the dashboard's reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  // Under the shared root, so that the invoice pages' changes refresh the Due Invoices card too.
  invoices: () => [...invoiceListsKey, 'dashboard-due'] as const,
  // Under the shared root, so that a ticket opened on the support pages shows here at once.
  tickets: () => [...ticketListsKey, 'dashboard-recent'] as const,
  news: () => [...dashboardKeys.all, 'news'] as const,
};

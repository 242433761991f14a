import { invoiceListsKey } from '../../../lib/invoice-list-key.ts';

/** Query keys of the dashboard's reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  // Under the shared root, so that the invoice pages' changes refresh the Due Invoices card too.
  invoices: () => [...invoiceListsKey, 'dashboard-due'] as const,
  tickets: () => [...dashboardKeys.all, 'tickets'] as const,
  news: () => [...dashboardKeys.all, 'news'] as const,
};

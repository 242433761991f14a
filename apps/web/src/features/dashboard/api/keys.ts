/** Query keys of the dashboard's reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  invoices: () => [...dashboardKeys.all, 'invoices'] as const,
  tickets: () => [...dashboardKeys.all, 'tickets'] as const,
  news: () => [...dashboardKeys.all, 'news'] as const,
};

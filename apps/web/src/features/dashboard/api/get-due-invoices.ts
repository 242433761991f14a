import { dueInvoiceStatuses, type InvoiceListResponse, type InvoiceSummary } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { emptyOnForbidden } from './empty-on-forbidden.ts';
import { dashboardKeys } from './keys.ts';

/** Only Unpaid or Overdue invoices (servers spec §2, Due Invoices card). */
export const getDueInvoices = (): Promise<InvoiceSummary[]> =>
  emptyOnForbidden(async () =>
    (await api.get<InvoiceListResponse>(apiPaths.invoices)).invoices.invoice.filter((invoice) =>
      dueInvoiceStatuses.includes(invoice.status),
    ),
  );

export function useDueInvoices() {
  return useQuery({ queryKey: dashboardKeys.invoices(), queryFn: getDueInvoices });
}

import type { InvoiceListResponse, InvoiceSummary } from '@rackdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { DASHBOARD_CARD_ROWS } from '../utils/format.ts';
import { emptyOnForbidden } from './empty-on-forbidden.ts';
import { dashboardKeys } from './keys.ts';

/** Only Unpaid or Overdue invoices, newest first (servers spec §2, Due Invoices card): one small page. */
export const dueInvoicesPath = `${apiPaths.invoices}?due=true&limitnum=${DASHBOARD_CARD_ROWS}`;

export const getDueInvoices = (): Promise<InvoiceSummary[]> =>
  emptyOnForbidden(async () => (await api.get<InvoiceListResponse>(dueInvoicesPath)).invoices.invoice);

export const dueInvoicesQuery = queryOptions({ queryKey: dashboardKeys.invoices(), queryFn: getDueInvoices });

import type { InvoiceDetail } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

export const getInvoice = (id: number) => api.get<InvoiceDetail>(invoiceApiPaths.detail(id));

/**
 * `GET invoices/{id}`. `pollMs` says how often to ask again for the invoice as it stands (while a
 * payment the gateway reported may still be on its way to the server, say).
 */
export function useInvoice(id: number, pollMs: (invoice: InvoiceDetail | undefined) => number | false) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => getInvoice(id),
    enabled: id > 0,
    retry: retryServerErrorsOnce,
    refetchInterval: (query) => pollMs(query.state.data),
  });
}

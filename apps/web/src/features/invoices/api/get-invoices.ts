import type { InvoiceListResponse, InvoiceSummary } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

/**
 * `GET invoices`, optionally of one service (`relid`, portal spec §7), passed as the address gave
 * it: the server decides whether it names a service the caller may see.
 */
export async function getInvoices(serviceId: string | undefined): Promise<InvoiceSummary[]> {
  const query = serviceId === undefined ? '' : `?relid=${encodeURIComponent(serviceId)}`;
  return (await api.get<InvoiceListResponse>(`${invoiceApiPaths.list}${query}`)).invoices.invoice;
}

export function useInvoices(serviceId: string | undefined) {
  return useQuery({ queryKey: invoiceKeys.list(serviceId), queryFn: () => getInvoices(serviceId) });
}

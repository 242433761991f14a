import type { InvoiceListResponse } from '@rackdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CursorPageState, listQueryString } from '../../../lib/cursor-paging.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

export interface InvoicePageRequest {
  /** The service whose invoices to list (`relid`), as the address gave it: the server judges it. */
  serviceId: string | undefined;
  /** An invoice number or a status; '' for every invoice. */
  search: string;
  page: CursorPageState;
}

/** The query string of one page of `GET invoices` (portal spec §7; paged by cursor and searched on the server). */
export function invoicePageQuery({ serviceId, search, page }: InvoicePageRequest): string {
  return listQueryString(page, { search, filters: { relid: serviceId } });
}

export const getInvoicePage = (request: InvoicePageRequest) =>
  api.get<InvoiceListResponse>(`${invoiceApiPaths.list}?${invoicePageQuery(request)}`);

/** One page of the account's invoices; the page shown stays while the next one loads. */
export function useInvoicePage(request: InvoicePageRequest) {
  return useQuery({
    queryKey: invoiceKeys.list(request),
    queryFn: () => getInvoicePage(request),
    placeholderData: keepPreviousData,
  });
}

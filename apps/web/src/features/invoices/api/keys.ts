import { invoiceListsKey } from '../../../lib/invoice-list-key.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { InvoicePageRequest } from './get-invoices.ts';

/** Query keys of the invoice pages; the signed-in user (with its credit) is kept in lib/session-user. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => invoiceListsKey,
  list: (request: InvoicePageRequest) => [...invoiceKeys.lists(), request] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
};

/** Paths of the billing calls (portal spec §7 Invoices and payments; API.md). */
export const invoiceApiPaths = {
  list: apiPaths.invoices,
  detail: (id: number) => `${apiPaths.invoices}/${id}`,
  pdf: (id: number) => `${apiPaths.invoices}/${id}/pdf`,
  credit: (id: number, change: 'apply' | 'remove') => `${apiPaths.invoices}/${id}/${change}-credit`,
  funds: `${apiPaths.invoices}/funds`,
};

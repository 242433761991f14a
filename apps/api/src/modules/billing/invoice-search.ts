import { type InvoiceListQuery, type InvoiceStatus, invoiceStatuses } from '@rackdesk/contract';

/** The part of an invoice filter a list query's `status` and `q` decide. */
export interface InvoiceSearch {
  statuses?: InvoiceStatus[];
  idPrefix?: string;
}

/**
 * Reads the list's search (portal spec §2: by id or status): digits (an optional leading '#') are
 * the start of an invoice number, anything else the start of a status as shown, in any case.
 * Text that starts no status matches no invoice. `status`, when given, narrows the statuses.
 */
export function invoiceSearchOf(query: Pick<InvoiceListQuery, 'status' | 'q'>): InvoiceSearch {
  const search: InvoiceSearch = query.status ? { statuses: [query.status] } : {};
  const text = query.q?.trim() ?? '';
  if (text === '') return search;
  const digits = /^#?(\d+)$/.exec(text)?.[1];
  if (digits !== undefined) return { ...search, idPrefix: digits };
  const named = invoiceStatuses.filter((status) => status.toLowerCase().startsWith(text.toLowerCase()));
  return { statuses: named.filter((status) => !search.statuses || search.statuses.includes(status)) };
}

import {
  dueInvoiceStatuses,
  type InvoiceListQuery,
  type InvoiceStatus,
  invoiceStatuses,
  MAX_ID,
} from '@rackdesk/contract';

/** The part of an invoice filter a list query's `status`, `due` and `q` decide. */
export interface InvoiceSearch {
  statuses?: InvoiceStatus[];
  idPrefix?: string;
}

/**
 * Reads the list's search (portal spec §2: by id or status): digits (an optional leading '#') are
 * the start of an invoice number, anything else the start of a status as shown, in any case.
 * Text that starts no status matches no invoice. `status`, when given, narrows the statuses.
 */
export function invoiceSearchOf(query: Pick<InvoiceListQuery, 'status' | 'q' | 'due'>): InvoiceSearch {
  // `due` keeps the dashboard's card to Unpaid and Overdue invoices, within `status` if given.
  const wanted = query.status ? [query.status] : undefined;
  const statuses = query.due
    ? (wanted ?? [...dueInvoiceStatuses]).filter((status) => dueInvoiceStatuses.includes(status))
    : wanted;
  const search: InvoiceSearch = statuses ? { statuses } : {};
  const text = query.q?.trim() ?? '';
  if (text === '') return search;
  const digits = /^#?(\d+)$/.exec(text)?.[1];
  if (digits !== undefined) return { ...search, idPrefix: digits };
  const named = invoiceStatuses.filter((status) => status.toLowerCase().startsWith(text.toLowerCase()));
  return { statuses: named.filter((status) => !search.statuses || search.statuses.includes(status)) };
}

/**
 * The ranges of ids whose decimal form starts with `prefix` ('12': 12, 120-129, 1200-1299, …), up
 * to the largest id: a search by number then reads the account's index instead of every invoice.
 */
export function idRangesStartingWith(prefix: string): [number, number][] {
  const start = Number(prefix);
  if (!/^[1-9]\d*$/.test(prefix) || start > MAX_ID) return [];
  const ranges: [number, number][] = [];
  for (let scale = 1; start * scale <= MAX_ID; scale *= 10) {
    ranges.push([start * scale, Math.min((start + 1) * scale - 1, MAX_ID)]);
  }
  return ranges;
}

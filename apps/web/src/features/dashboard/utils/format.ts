import type { InvoiceSummary } from '@rackdesk/contract';

/** The Recent Tickets card cuts subjects at 32 characters (servers spec §9). */
export const SUBJECT_MAX_LENGTH = 32;

/** '$20.00 USD', from the invoice's own prefix and suffix. */
export function formatInvoiceTotal(
  invoice: Pick<InvoiceSummary, 'currencyprefix' | 'total' | 'currencysuffix'>,
): string {
  return `${invoice.currencyprefix}${invoice.total}${invoice.currencysuffix}`;
}

/**
 * How many invoices or tickets a card asks the server for: the cards are a glance, the full
 * lists are one click away ('View All Invoices', 'View All Tickets').
 */
export const DASHBOARD_CARD_ROWS = 10;

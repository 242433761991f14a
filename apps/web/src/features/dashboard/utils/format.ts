import type { InvoiceSummary } from '@rackdesk/contract';

/** The Recent Tickets card cuts subjects at 32 characters (servers spec §9). */
export const SUBJECT_MAX_LENGTH = 32;

/** '$20.00 USD', from the invoice's own prefix and suffix. */
export function formatInvoiceTotal(
  invoice: Pick<InvoiceSummary, 'currencyprefix' | 'total' | 'currencysuffix'>,
): string {
  return `${invoice.currencyprefix}${invoice.total}${invoice.currencysuffix}`;
}

import type { InvoiceSummary } from '@rackdesk/contract';

export const SUBJECT_MAX_LENGTH = 32;

/** Cuts a ticket subject at 32 characters with an ellipsis (servers spec §9). */
export function truncateSubject(subject: string, max = SUBJECT_MAX_LENGTH): string {
  return subject.length > max ? `${subject.slice(0, max)}...` : subject;
}

/** '$20.00 USD', from the invoice's own prefix and suffix. */
export function formatInvoiceTotal(
  invoice: Pick<InvoiceSummary, 'currencyprefix' | 'total' | 'currencysuffix'>,
): string {
  return `${invoice.currencyprefix}${invoice.total}${invoice.currencysuffix}`;
}

/** A ticket time as the API gives it ('YYYY-MM-DD HH:mm:ss', New York), shown to the minute. */
export function formatNewYorkTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.slice(0, 16)} ET` : value;
}

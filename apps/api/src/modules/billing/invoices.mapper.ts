import type { InvoiceStatus, InvoiceSummary } from '@rackdesk/contract';
import { centsToAmount, todayUtc } from '../../lib/dates.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/** An Unpaid invoice whose due date has passed is shown as Overdue. */
export function displayStatus(row: Pick<InvoiceRow, 'status' | 'dueDate'>, today: string): InvoiceStatus {
  return row.status === 'Unpaid' && row.dueDate < today ? 'Overdue' : row.status;
}

export function toInvoiceSummary(row: InvoiceRow, today = todayUtc()): InvoiceSummary {
  const balanceCents = row.status === 'Paid' || row.status === 'Cancelled' ? 0 : row.totalCents;
  return {
    id: row.id,
    invoicenum: String(row.id),
    date: row.date,
    duedate: row.dueDate,
    datepaid: row.datePaid
      ? row.datePaid.toISOString().slice(0, 19).replace('T', ' ')
      : '0000-00-00 00:00:00',
    subtotal: centsToAmount(row.subtotalCents),
    credit: centsToAmount(row.creditCents),
    tax: centsToAmount(row.taxCents),
    total: centsToAmount(row.totalCents),
    balance: centsToAmount(balanceCents),
    status: displayStatus(row, today),
    paymentmethod: row.paymentMethod,
    currencycode: 'USD',
    currencyprefix: '$',
    currencysuffix: ' USD',
  };
}

import type { InvoiceDetail, InvoiceStatus, InvoiceSummary } from '@rackdesk/contract';
import { centsToAmount, todayUtc } from '../../lib/dates.ts';
import { balanceOf } from './invoice-settlement.ts';
import type { InvoiceItemRow, InvoiceRow, TransactionRow } from './invoices.repository.ts';

/** An Unpaid invoice whose due date has passed is shown as Overdue. */
export function displayStatus(row: Pick<InvoiceRow, 'status' | 'dueDate'>, today: string): InvoiceStatus {
  return row.status === 'Unpaid' && row.dueDate < today ? 'Overdue' : row.status;
}

/** What is left to pay: nothing on a Paid or Cancelled invoice, else total less what came in. */
export const balanceCentsOf = (row: Pick<InvoiceRow, 'status' | 'totalCents' | 'paidCents'>): number =>
  row.status === 'Paid' || row.status === 'Cancelled' ? 0 : balanceOf(row);

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the billing system's date-time; its zero value when unset. */
const dateTime = (instant: Date | null): string =>
  instant ? instant.toISOString().slice(0, 19).replace('T', ' ') : '0000-00-00 00:00:00';

export function toInvoiceSummary(row: InvoiceRow, today = todayUtc()): InvoiceSummary {
  return {
    id: row.id,
    invoicenum: String(row.id),
    date: row.date,
    duedate: row.dueDate,
    datepaid: dateTime(row.datePaid),
    subtotal: centsToAmount(row.subtotalCents),
    credit: centsToAmount(row.creditCents),
    tax: centsToAmount(row.taxCents),
    total: centsToAmount(row.totalCents),
    balance: centsToAmount(balanceCentsOf(row)),
    status: displayStatus(row, today),
    paymentmethod: row.paymentMethod,
    currencycode: 'USD',
    currencyprefix: '$',
    currencysuffix: ' USD',
  };
}

/** One invoice with its lines and the money gateways moved for it (portal spec §3 Invoice). */
export function toInvoiceDetail(
  invoice: { row: InvoiceRow; items: InvoiceItemRow[]; transactions: TransactionRow[] },
  payTo: string,
  today = todayUtc(),
): InvoiceDetail {
  const { row } = invoice;
  return {
    ...toInvoiceSummary(row, today),
    invoiceid: row.id,
    userid: row.userId,
    payto: payTo,
    items: {
      item: invoice.items.map((item) => ({
        id: item.id,
        description: item.description,
        amount: centsToAmount(item.amountCents),
        type: item.type,
        relid: item.serviceId ?? 0,
      })),
    },
    transactions: {
      transaction: invoice.transactions.map((transaction) => ({
        id: transaction.id,
        date: dateTime(transaction.date),
        gateway: transaction.gateway,
        transid: transaction.transId,
        amountin: centsToAmount(transaction.amountInCents),
        amountout: centsToAmount(transaction.amountOutCents),
        fees: centsToAmount(transaction.feesCents),
      })),
    },
  };
}

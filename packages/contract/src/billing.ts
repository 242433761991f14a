import { z } from 'zod';
import { idParam } from './input.ts';

/**
 * Invoice statuses as the API shows them. 'Overdue' is an Unpaid invoice past its due date: it is
 * shown apart (dashboard card) but pays exactly like an Unpaid one.
 */
export const invoiceStatuses = [
  'Paid',
  'Unpaid',
  'Overdue',
  'Cancelled',
  'Refunded',
  'Collections',
  'Payment Pending',
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const dueInvoiceStatuses: readonly InvoiceStatus[] = ['Unpaid', 'Overdue'];

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  invoicenum: z.string(),
  date: z.string(),
  duedate: z.string(),
  datepaid: z.string(),
  subtotal: z.string(),
  credit: z.string(),
  tax: z.string(),
  total: z.string(),
  balance: z.string(),
  status: z.enum(invoiceStatuses),
  paymentmethod: z.string(),
  currencycode: z.literal('USD'),
  currencyprefix: z.literal('$'),
  currencysuffix: z.literal(' USD'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListQuerySchema = z.object({
  relid: idParam('Unknown service.').optional(),
});

export const invoiceListResponseSchema = z.object({
  totalresults: z.number().int(),
  invoices: z.object({ invoice: z.array(invoiceSummarySchema) }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

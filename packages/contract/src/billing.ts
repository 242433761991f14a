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

/** Invoice item types (portal spec §3; the billing system's own types besides Hosting and AddFunds). */
export const invoiceItemTypes = ['Hosting', 'AddFunds', 'Setup', 'Upgrade', 'PromoHosting'] as const;
export type InvoiceItemType = (typeof invoiceItemTypes)[number];

export const invoiceItemSchema = z.object({
  id: z.number().int(),
  /** May hold line breaks. */
  description: z.string(),
  amount: z.string(),
  type: z.string(),
  relid: z.number().int(),
});

export const invoiceTransactionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  gateway: z.string(),
  transid: z.string(),
  amountin: z.string(),
  amountout: z.string(),
  fees: z.string(),
});

/** `GET invoices/{id}`: every field of portal spec §3 Invoice, plus who it is paid to. */
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  invoiceid: z.number().int(),
  userid: z.number().int(),
  /** The provider's name and address, for the 'Pay To' block (lines separated by \n). */
  payto: z.string(),
  items: z.object({ item: z.array(invoiceItemSchema) }),
  transactions: z.object({ transaction: z.array(invoiceTransactionSchema) }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const INVOICE_TEXT = {
  unknownInvoice: 'Unknown invoice.',
  invalidAmount: 'Please enter a valid amount.',
  amountExceeds: (max: string) => `Amount cannot exceed $${max}.`,
  minimumDeposit: 'Minimum deposit is $10.00 USD',
  maximumDeposit: 'Maximum deposit is $5000.00 USD',
  depositEmpty: 'Please enter the amount.',
} as const;

/** Deposit limits (portal spec §9), in cents: one deposit, and the credit an account may hold. */
export const DEPOSIT_LIMITS = { minCents: 1000, maxCents: 500000, maxBalanceCents: 500000 } as const;

/** A money amount sent by a client: a JSON number of dollars with at most two decimals. */
export const moneyAmount = (message: string) =>
  z
    .number({ error: message })
    .refine((value) => Number.isFinite(value) && value > 0, message)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message);

/** Dollars (at most two decimals) to integer cents, without floating-point drift. */
export const amountToCents = (amount: number): number => Math.round(amount * 100);

export const invoiceIdParamsSchema = z.object({ id: idParam(INVOICE_TEXT.unknownInvoice) });

/** `POST invoices/{id}/apply-credit` and `…/remove-credit`; `invoiceid`, if sent, must be the path's. */
export const invoiceCreditRequestSchema = z.object({
  amount: moneyAmount(INVOICE_TEXT.invalidAmount),
  invoiceid: z.number().int().positive().optional(),
});
export type InvoiceCreditRequest = z.infer<typeof invoiceCreditRequestSchema>;

export const invoiceCreditResponseSchema = z.object({
  message: z.string(),
  invoice: invoiceDetailSchema,
  /** The account's credit after the change. */
  credit: z.string(),
});

/** `POST invoices/funds`. */
export const addFundsRequestSchema = z.object({ amount: moneyAmount(INVOICE_TEXT.invalidAmount) });
export const addFundsResponseSchema = z.object({ message: z.string(), invoiceid: z.number().int() });

/** `GET billing/payment-methods`: the configured gateways. */
export const paymentMethodsResponseSchema = z.object({
  paymentmethod: z.array(z.object({ module: z.string(), displayname: z.string() })),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

import { z } from 'zod';
import { DEPOSIT_LIMITS, INVOICE_TEXT, invoiceStatuses } from './billing-rules.ts';
import { idParam } from './input.ts';
import { flagParam, pageFieldsSchema, pagingParams } from './list-query.ts';

export * from './billing-rules.ts';

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

/** Most invoices one page of `GET invoices` holds. */
export const INVOICE_PAGE_MAX = 100;

/**
 * `GET invoices`: every invoice of the account without paging parameters (as the spec shows it),
 * or one page of them, newest first. `status` is a status as shown (Overdue is an Unpaid invoice
 * past due, Unpaid one that is not); `due=true` keeps only Unpaid and Overdue ones (the
 * dashboard's card); `q` searches by invoice number (its leading digits) or by status (the start
 * of its name).
 */
export const invoiceListQuerySchema = z.object({
  relid: idParam('Unknown service.').optional(),
  ...pagingParams(INVOICE_PAGE_MAX),
  status: z
    .enum(invoiceStatuses, { error: `status must be one of ${invoiceStatuses.join(', ')}.` })
    .optional(),
  due: flagParam('due').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = pageFieldsSchema
  .pick({ next_cursor: true, prev_cursor: true })
  .partial()
  .extend({
    /** How many invoices match, on every page. */
    totalresults: z.number().int(),
    /** The offset of this page's first invoice (`limitstart`). */
    startnumber: z.number().int(),
    /** How many invoices this page holds. */
    numreturned: z.number().int(),
    invoices: z.object({ invoice: z.array(invoiceSummarySchema) }),
  });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

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

/** Above any amount an invoice or a deposit can reach, and within an integer column of cents. */
const MAX_MONEY_AMOUNT = 10_000_000;

/**
 * A money amount sent by a client: a JSON number of dollars, positive, with at most two decimals,
 * and not absurdly large. `missing` is the message when there is no amount at all.
 */
export const moneyAmount = (message: string, missing = message) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? missing : message) })
    .refine((value) => Number.isFinite(value) && value > 0 && value <= MAX_MONEY_AMOUNT, {
      message,
      abort: true,
    })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message, abort: true });

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

/** `POST invoices/funds`: one deposit of $10 to $5,000 (portal spec §5, §9). */
export const addFundsRequestSchema = z.object({
  amount: moneyAmount(INVOICE_TEXT.invalidAmount, INVOICE_TEXT.depositEmpty)
    .refine((value) => amountToCents(value) >= DEPOSIT_LIMITS.minCents, {
      message: INVOICE_TEXT.minimumDeposit,
      abort: true,
    })
    .refine((value) => amountToCents(value) <= DEPOSIT_LIMITS.maxCents, INVOICE_TEXT.maximumDeposit),
});
export type AddFundsRequest = z.infer<typeof addFundsRequestSchema>;
export const addFundsResponseSchema = z.object({ message: z.string(), invoiceid: z.number().int() });

/** `GET billing/payment-methods`: the configured gateways. */
export const paymentMethodsResponseSchema = z.object({
  paymentmethod: z.array(z.object({ module: z.string(), displayname: z.string() })),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

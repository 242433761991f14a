/**
 * Billing's statuses, texts and limits without zod, so the web app's pages carry no schema code for
 * them; billing.ts adds the schemas and re-exports these.
 */

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

/** Invoice item types (portal spec §3; the billing system's own types besides Hosting and AddFunds). */
export const invoiceItemTypes = ['Hosting', 'AddFunds', 'Setup', 'Upgrade', 'PromoHosting'] as const;
export type InvoiceItemType = (typeof invoiceItemTypes)[number];

export const INVOICE_TEXT = {
  unknownInvoice: 'Unknown invoice.',
  invoiceIdMismatch: 'The invoiceid must be the invoice of the path.',
  invalidAmount: 'Please enter a valid amount.',
  amountExceeds: (max: string) => `Amount cannot exceed $${max}.`,
  minimumDeposit: 'Minimum deposit is $10.00 USD',
  maximumDeposit: 'Maximum deposit is $5000.00 USD',
  depositEmpty: 'Please enter the amount.',
  /** The credit an account holds, with its unpaid deposits, is capped (portal spec §9). */
  maximumBalance: (room: string) =>
    `Your credit balance cannot exceed $5000.00 USD: you can add at most $${room} USD now, counting unpaid Add Funds invoices.`,
  creditNotApplicable: 'Credit cannot be applied to this invoice.',
  creditNotRemovable:
    'Credit can be removed only from an unpaid invoice due in the future whose items are all Hosting.',
  creditApplied: 'Credit applied to the invoice.',
  creditRemoved: 'Credit removed from the invoice.',
  fundsInvoiceCreated: (id: number) =>
    `Invoice #${id} has been created for your deposit. Pay it to add the funds to your credit. Deposits are non-refundable.`,
  fundsItemDescription: 'Add Funds (deposits are non-refundable)',
} as const;

/** Deposit limits (portal spec §9), in cents: one deposit, and the credit an account may hold. */
export const DEPOSIT_LIMITS = { minCents: 1000, maxCents: 500000, maxBalanceCents: 500000 } as const;

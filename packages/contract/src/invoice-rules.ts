import { DEPOSIT_LIMITS, type InvoiceStatus } from './billing-rules.ts';
import { isPaymentGateway, type PaymentGateway } from './payment-gateways.ts';

/**
 * The invoice rules of portal spec §4 and §5 that both sides apply: the web app to decide what it
 * offers, the API to refuse what it must not do. Amounts in integer cents.
 */

/** A two-decimal amount string of the API ('12.34') to cents. */
export const amountStringToCents = (amount: string): number => Math.round(Number(amount) * 100);

/** Cents to the API's two-decimal string. */
export const centsToAmountString = (cents: number): string => (cents / 100).toFixed(2);

interface CreditInvoice {
  status: InvoiceStatus;
  items: readonly { type: string }[];
}

/** Statuses whose balance can still be paid ('Overdue' is an Unpaid invoice past due). */
const payable: readonly InvoiceStatus[] = ['Unpaid', 'Overdue'];

export const isPayable = (status: InvoiceStatus): boolean => payable.includes(status);

/**
 * Apply Credit is offered for Unpaid (or Overdue) and Refunded invoices when the account has credit
 * and the invoice adds no funds (credit cannot buy credit).
 */
export function canApplyCredit(invoice: CreditInvoice, accountCreditCents: number): boolean {
  return (
    (isPayable(invoice.status) || invoice.status === 'Refunded') &&
    accountCreditCents > 0 &&
    !invoice.items.some((item) => item.type === 'AddFunds')
  );
}

/** At most the smaller of the account's credit and the invoice's balance. */
export const maxApplyCreditCents = (balanceCents: number, accountCreditCents: number): number =>
  Math.max(0, Math.min(balanceCents, accountCreditCents));

/**
 * Remove Credit is offered when credit was applied, the due date is still ahead and every item is
 * Hosting; and only while the invoice is unpaid: a Paid invoice's services have already followed.
 */
export function canRemoveCredit(
  invoice: CreditInvoice & { creditCents: number; duedate: string },
  today: string,
): boolean {
  return (
    isPayable(invoice.status) &&
    invoice.creditCents > 0 &&
    invoice.duedate > today &&
    invoice.items.length > 0 &&
    invoice.items.every((item) => item.type === 'Hosting')
  );
}

/**
 * How much more an account may deposit: its credit and its unpaid deposits together stay within
 * the maximum balance (portal spec §9).
 */
export const depositRoomCents = (accountCreditCents: number, unpaidDepositsCents: number): number =>
  Math.max(0, DEPOSIT_LIMITS.maxBalanceCents - accountCreditCents - unpaidDepositsCents);

/** The gateways that take cryptocurrency: the only ones open to an account without full details. */
export const CRYPTO_GATEWAYS: readonly PaymentGateway[] = ['cryptomusgateway', 'bitpaycheckout', 'mailin'];

export const isCryptoGateway = (module: string): boolean =>
  (CRYPTO_GATEWAYS as readonly string[]).includes(module);

/**
 * The gateway an invoice page starts on (portal spec §4): the invoice's payment method, else the
 * account's default; forced to Cryptomus while the account's details are incomplete.
 */
export function defaultGatewayFor(
  invoicePaymentMethod: string,
  account: { defaultgateway: string; user_details_ok: boolean },
): PaymentGateway {
  if (!account.user_details_ok) return 'cryptomusgateway';
  if (isPaymentGateway(invoicePaymentMethod)) return invoicePaymentMethod;
  if (isPaymentGateway(account.defaultgateway)) return account.defaultgateway;
  return 'stripe';
}

export const NON_CRYPTO_DETAILS_REQUIRED =
  'Non-Crypto payments require you to enter your details in your profile first.';

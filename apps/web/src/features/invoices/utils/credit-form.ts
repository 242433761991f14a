import {
  amountStringToCents,
  canApplyCredit,
  canRemoveCredit,
  centsToAmountString,
  type InvoiceDetail,
  INVOICE_TEXT,
  maxApplyCreditCents,
} from '@rackdesk/contract';
import type { CreditChange } from '../api/change-invoice-credit.ts';
import { amountInputCents } from './amount-input.ts';

/** Which credit buttons an invoice offers (portal spec §4), for an account holding `creditCents`. */
export function creditActions(
  invoice: InvoiceDetail,
  creditCents: number,
  today: string,
): { apply: boolean; remove: boolean } {
  const rules = { status: invoice.status, items: invoice.items.item };
  return {
    apply: canApplyCredit(rules, creditCents),
    remove: canRemoveCredit(
      { ...rules, creditCents: amountStringToCents(invoice.credit), duedate: invoice.duedate },
      today,
    ),
  };
}

/**
 * The most a credit change may move (portal spec §5): for apply, the smaller of the account's
 * credit and the invoice's balance; for remove, the credit applied to the invoice.
 */
export function creditMaxCents(change: CreditChange, invoice: InvoiceDetail, creditCents: number): number {
  return change === 'apply'
    ? maxApplyCreditCents(amountStringToCents(invoice.balance), creditCents)
    : amountStringToCents(invoice.credit);
}

/** The modal's message for the amount typed, or null when it may be sent. */
export function creditAmountError(value: number | string, maxCents: number): string | null {
  const cents = amountInputCents(value);
  if (cents === null) return INVOICE_TEXT.invalidAmount;
  if (cents > maxCents) return INVOICE_TEXT.amountExceeds(centsToAmountString(maxCents));
  return null;
}

export const CREDIT_FAILED: Record<CreditChange, string> = {
  apply: 'Failed to Apply Credits, contact support',
  remove: 'Failed to Remove Credits, contact support',
};

import { DEPOSIT_LIMITS, INVOICE_TEXT } from '@rackdesk/contract';
import { amountInputCents, isEmptyInput } from './amount-input.ts';

/** The Add Funds form's message for the amount typed (portal spec §5 Deposit), or null. */
export function depositError(value: number | string): string | null {
  if (isEmptyInput(value)) return INVOICE_TEXT.depositEmpty;
  const cents = amountInputCents(value);
  if (cents === null) return INVOICE_TEXT.invalidAmount;
  if (cents < DEPOSIT_LIMITS.minCents) return INVOICE_TEXT.minimumDeposit;
  if (cents > DEPOSIT_LIMITS.maxCents) return INVOICE_TEXT.maximumDeposit;
  return null;
}

export const DEPOSIT_FAILED = 'An error occurred. Please try again.';

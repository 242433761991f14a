import { type BillingCycleName, type ConfigOptionChoice, cyclePriceCents } from '@rackdesk/contract';
import { formatUsd } from '../../../lib/money.ts';

/** What a choice adds in the cycle, for its label: ' (+$3.00 USD)', with a setup fee if any. */
export function choicePriceText(choice: ConfigOptionChoice, cycle: BillingCycleName): string {
  const { recurringCents, setupCents } = cyclePriceCents(choice.pricing.USD, cycle);
  const parts: string[] = [];
  if (recurringCents) parts.push(`+${formatUsd(recurringCents)}`);
  if (setupCents) parts.push(`${formatUsd(setupCents)} setup`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

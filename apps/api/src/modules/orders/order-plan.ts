import {
  type BillingCycleName,
  billingCycleLabel,
  type OrderQuote,
  type PaymentGateway,
  type SelectedChoice,
} from '@rackdesk/contract';
import type { ProvisioningParams, ServiceCustomField, ServiceOption } from '../../db/schema/index.ts';
import { addDays, nextDueDate } from '../billing/cycle/cycle-dates.ts';

/** The platforms an order can be placed for; each has its provisioning. */
export type OrderKind = 'dedicated' | 'proxmox' | 'vps' | 'storage';

/** One product of an order, checked against the catalogue and priced: `quote.quantity` services. */
export interface PlannedLine {
  product: { id: number; name: string };
  kind: OrderKind;
  cycle: BillingCycleName;
  choices: SelectedChoice[];
  quote: OrderQuote;
  /** What each service is called (a hostname, or a storage block's size). */
  domain: string;
  customFields: ServiceCustomField[];
  params: ProvisioningParams;
}

/** An order as the checks left it: everything the command writes, priced by the server. */
export interface OrderPlan {
  lines: PlannedLine[];
  promo: { id: number; code: string; description: string } | null;
  paymentMethod: PaymentGateway;
  /** Sealed before it is stored; never written in clear. */
  rootPassword: string | undefined;
  notes: string;
  totalCents: number;
}

/** What one service of a line costs: first invoice and renewals, with a promotion's limits. */
export interface ServiceCharges {
  /** The promotion's part of the first invoice (per service). */
  discountCents: number;
  firstPaymentCents: number;
  recurringAmountCents: number;
  /** For a code recurring for N renewals: N, and the price renewals go back to after them. */
  promoRenewalsLeft: number | null;
  undiscountedRecurringCents: number | null;
}

/**
 * The amounts of one service of a priced line. A one-time code lowers the first invoice only; a
 * lifetime one lowers the recurring amount for good; one for N renewals lowers it and counts the
 * renewals down (the billing cycle puts the full price back after the last).
 */
export function serviceCharges(quote: OrderQuote): ServiceCharges {
  const discountCents = quote.quantity > 0 ? quote.discountCents / quote.quantity : 0;
  const discountedRecurring = quote.recurringCents - quote.recurringDiscountCents;
  const limited = quote.recurringDiscountCents > 0 && quote.promoRenewals !== null;
  return {
    discountCents,
    firstPaymentCents: quote.recurringCents + quote.setupCents - discountCents,
    recurringAmountCents: discountedRecurring,
    promoRenewalsLeft: limited ? quote.promoRenewals : null,
    undiscountedRecurringCents: limited ? quote.recurringCents : null,
  };
}

/** The period a new service's first invoice pays for: today until its next due date. */
export function firstPeriod(cycle: BillingCycleName, today: string): { start: string; end: string } {
  const end = nextDueDate(today, billingCycleLabel[cycle], today);
  if (!end) throw new Error(`No period for ${cycle}`);
  return { start: today, end };
}

/**
 * The invoice description of a service's first period, on several lines as the invoice page
 * shows them: the product and hostname with the period (first and last day), the cycle, and
 * each chosen option.
 */
export function hostingDescription(
  line: Pick<PlannedLine, 'product' | 'domain' | 'cycle' | 'choices'>,
  period: { start: string; end: string },
): string {
  const name = line.domain ? `${line.product.name} - ${line.domain}` : line.product.name;
  const options = line.choices.flatMap(({ option, choice }) =>
    option.type === '3'
      ? choice
        ? [`${option.name}: Yes`]
        : []
      : choice
        ? [`${option.name}: ${choice.name}`]
        : [],
  );
  return [
    `${name} (${period.start} - ${addDays(period.end, -1)})`,
    `Billing Cycle: ${billingCycleLabel[line.cycle]}`,
    ...options,
  ].join('\n');
}

/** The chosen options as a service stores them (`configoptions.configoption[]` of GET services). */
export function serviceOptionsOf(choices: readonly SelectedChoice[]): ServiceOption[] {
  return choices.map(({ option, choice }) =>
    option.type === '3'
      ? { id: option.id, option: option.name, type: 'yesno', value: choice ? '1' : '0' }
      : { id: option.id, option: option.name, type: 'dropdown', value: choice?.name ?? '' },
  );
}

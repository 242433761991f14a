import type { OrderQuote, ProductConfigOption, SelectedChoice } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { firstPeriod, hostingDescription, serviceCharges, serviceOptionsOf } from './order-plan.ts';

const quote = (values: Partial<OrderQuote>): OrderQuote => ({
  lines: [],
  recurringCents: 2000,
  setupCents: 500,
  quantity: 1,
  discountCents: 0,
  recurringDiscountCents: 0,
  promoRenewals: 0,
  dueTodayCents: 2500,
  promoApplied: false,
  ...values,
});

const option = (id: number, name: string, type: '1' | '3'): ProductConfigOption => ({
  id,
  name,
  type,
  role: null,
  hidden: false,
  options: { option: [] },
});
const choice = (name: string) => ({
  id: 1,
  name,
  value: name,
  hidden: false,
  disklayouts: [],
  pricing: {} as never,
});

describe('service charges', () => {
  it('charges the recurring price and the setup fee first, the recurring price after', () => {
    expect(serviceCharges(quote({}))).toEqual({
      discountCents: 0,
      firstPaymentCents: 2500,
      recurringAmountCents: 2000,
      promoRenewalsLeft: null,
      undiscountedRecurringCents: null,
    });
  });

  it('splits a first-invoice discount per unit; a one-time code leaves renewals whole', () => {
    expect(serviceCharges(quote({ quantity: 3, discountCents: 750 }))).toMatchObject({
      discountCents: 250,
      firstPaymentCents: 2250,
      recurringAmountCents: 2000,
      promoRenewalsLeft: null,
    });
  });

  it('keeps a lifetime discount on the recurring price, with nothing to count', () => {
    expect(
      serviceCharges(quote({ discountCents: 200, recurringDiscountCents: 200, promoRenewals: null })),
    ).toMatchObject({ firstPaymentCents: 2300, recurringAmountCents: 1800, promoRenewalsLeft: null });
  });

  it('counts the renewals of a code for N renewals, with the full price to go back to', () => {
    expect(
      serviceCharges(quote({ discountCents: 400, recurringDiscountCents: 400, promoRenewals: 3 })),
    ).toEqual({
      discountCents: 400,
      firstPaymentCents: 2100,
      recurringAmountCents: 1600,
      promoRenewalsLeft: 3,
      undiscountedRecurringCents: 2000,
    });
  });
});

describe('first period and invoice description', () => {
  it('runs from today to the next due date of the cycle', () => {
    expect(firstPeriod('monthly', '2026-01-31')).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(firstPeriod('triennially', '2026-03-01')).toEqual({ start: '2026-03-01', end: '2029-03-01' });
  });

  it('names the product, hostname, period (last day included), cycle and chosen options on lines', () => {
    const choices: SelectedChoice[] = [
      { option: option(1, 'Location', '1'), choice: choice('New York') },
      { option: option(2, 'Daily Backups', '3'), choice: choice('Daily Backups') },
      { option: option(3, 'DDoS', '3'), choice: null },
    ];
    const line = {
      product: { id: 1, name: 'DW-4G' },
      domain: 'a.example',
      cycle: 'quarterly' as const,
      choices,
    };
    expect(hostingDescription(line, { start: '2026-01-10', end: '2026-04-10' })).toBe(
      'DW-4G - a.example (2026-01-10 - 2026-04-09)\nBilling Cycle: Quarterly\nLocation: New York\nDaily Backups: Yes',
    );
    expect(serviceOptionsOf(choices)).toEqual([
      { id: 1, option: 'Location', type: 'dropdown', value: 'New York' },
      { id: 2, option: 'Daily Backups', type: 'yesno', value: '1' },
      { id: 3, option: 'DDoS', type: 'yesno', value: '0' },
    ]);
  });
});

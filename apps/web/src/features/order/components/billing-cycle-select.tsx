import { Select } from '@mantine/core';
import {
  type BillingCycleName,
  billingCycleLabel,
  offeredCycles,
  priceOrder,
  type Product,
  selectedChoices,
} from '@rackdesk/contract';
import { formatUsd } from '../../../lib/money.ts';

interface BillingCycleSelectProps {
  product: Product;
  value: BillingCycleName;
  onChange: (cycle: BillingCycleName) => void;
}

/**
 * What a cycle costs as it would start: changing the cycle resets the options to their first
 * choices (portal spec §4), so each is priced with those; a storage block's price is its size's.
 */
function cycleLabel(product: Product, cycle: BillingCycleName): string {
  const choices = selectedChoices(product, cycle, []);
  const quote = choices.ok ? priceOrder({ product, cycle, choices: choices.value, quantity: 1 }) : null;
  if (!quote?.ok) return billingCycleLabel[cycle];
  const { recurringCents, setupCents } = quote.value;
  const setup = setupCents > 0 ? ` + ${formatUsd(setupCents)} setup` : '';
  return `${billingCycleLabel[cycle]}: ${formatUsd(recurringCents)}${setup}`;
}

/** Billing Cycle: the cycles the product is sold in, each with its price and setup fee. */
export function BillingCycleSelect({ product, value, onChange }: BillingCycleSelectProps) {
  const cycles = offeredCycles(product);
  return (
    <Select
      label="Billing Cycle"
      data={cycles.map((cycle) => ({ value: cycle, label: cycleLabel(product, cycle) }))}
      value={value}
      onChange={(cycle) => {
        const chosen = cycles.find((candidate) => candidate === cycle);
        if (chosen && chosen !== value) onChange(chosen);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

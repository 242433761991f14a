import { Select } from '@mantine/core';
import {
  type BillingCycleName,
  billingCycleLabel,
  cyclePriceCents,
  offeredCycles,
  type Product,
} from '@rackdesk/contract';
import { formatUsd } from '../../../lib/money.ts';

interface BillingCycleSelectProps {
  product: Product;
  value: BillingCycleName;
  onChange: (cycle: BillingCycleName) => void;
}

/** Billing Cycle: the cycles the product is sold in, each with its price and setup fee. */
export function BillingCycleSelect({ product, value, onChange }: BillingCycleSelectProps) {
  const data = offeredCycles(product).map((cycle) => {
    const { recurringCents, setupCents } = cyclePriceCents(product.pricing.USD, cycle);
    const setup = setupCents > 0 ? ` + ${formatUsd(setupCents)} setup` : '';
    return { value: cycle, label: `${billingCycleLabel[cycle]}: ${formatUsd(recurringCents ?? 0)}${setup}` };
  });
  return (
    <Select
      label="Billing Cycle"
      data={data}
      value={value}
      onChange={(cycle) => {
        const chosen = offeredCycles(product).find((candidate) => candidate === cycle);
        if (chosen && chosen !== value) onChange(chosen);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

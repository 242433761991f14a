import { Select } from '@mantine/core';
import type { BillingCycleName, ConfigOptionChoice, ProductConfigOption } from '@rackdesk/contract';
import { choicePriceText } from './option-price.ts';

interface OptionSelectProps {
  option: ProductConfigOption;
  /** The choices offered; the option's visible ones unless narrowed (Disk Layout). */
  choices?: readonly ConfigOptionChoice[];
  value: ConfigOptionChoice | null;
  cycle: BillingCycleName;
  onChange: (choiceId: number) => void;
}

/** One configuration option as a select, each choice with what it adds in the cycle. */
export function OptionSelect({ option, choices, value, cycle, onChange }: OptionSelectProps) {
  const offered = choices ?? option.options.option.filter((choice) => !choice.hidden);
  return (
    <Select
      label={option.name}
      data={offered.map((choice) => ({
        value: String(choice.id),
        label: `${choice.name}${choicePriceText(choice, cycle)}`,
      }))}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        if (id !== null) onChange(Number(id));
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { Checkbox, Stack, Text } from '@mantine/core';
import {
  type BillingCycleName,
  CHECKBOX_TICKED,
  type ProductConfigOption,
  type SelectedChoice,
} from '@rackdesk/contract';
import { choicePriceText } from './option-price.ts';

interface OptionCheckboxesProps {
  options: readonly ProductConfigOption[];
  choices: readonly SelectedChoice[];
  cycle: BillingCycleName;
  onChange: (optionId: number, optionid: number) => void;
}

/** Checkbox options (type '3') under 'Additional options' (portal spec §2), ticked with optionid 1. */
export function OptionCheckboxes({ options, choices, cycle, onChange }: OptionCheckboxesProps) {
  if (options.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-labelledby="additional-options-label">
      <Text fw={500} size="sm" id="additional-options-label">
        Additional options
      </Text>
      {options.map((option) => {
        const first = option.options.option[0];
        const ticked = choices.some(
          (selected) => selected.option.id === option.id && selected.choice !== null,
        );
        return (
          <Checkbox
            key={option.id}
            label={`${option.name}${first ? choicePriceText(first, cycle) : ''}`}
            checked={ticked}
            onChange={(event) => onChange(option.id, event.currentTarget.checked ? CHECKBOX_TICKED : 0)}
          />
        );
      })}
    </Stack>
  );
}

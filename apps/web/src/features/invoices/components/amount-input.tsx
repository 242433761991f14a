import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A dollar amount: two decimals at most, no sign, no spinner; the value a number or '' while empty. */
export function AmountInput(props: Omit<NumberInputProps, 'decimalScale' | 'allowNegative' | 'prefix'>) {
  return (
    <NumberInput
      decimalScale={2}
      allowNegative={false}
      hideControls
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      {...props}
    />
  );
}

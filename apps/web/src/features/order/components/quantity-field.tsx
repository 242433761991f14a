import { NumberInput } from '@mantine/core';
import { maxOrderQuantity, type Product } from '@rackdesk/contract';

interface QuantityFieldProps {
  product: Pick<Product, 'stockcontrol' | 'stocklevel'>;
  value: number;
  error: string | null;
  onChange: (quantity: number) => void;
}

/** The quantity stepper: at least 1, at most the stock (portal spec §5). */
export function QuantityField({ product, value, error, onChange }: QuantityFieldProps) {
  const max = maxOrderQuantity(product);
  return (
    <NumberInput
      label="Quantity"
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : 0)}
      min={1}
      max={max ?? undefined}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={error}
      w={140}
    />
  );
}

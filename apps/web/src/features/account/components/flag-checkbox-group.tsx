import { Checkbox, Group } from '@mantine/core';

interface FlagCheckboxGroupProps<K extends string> {
  label: string;
  description?: string;
  /** Each flag's label, in the order shown. */
  labels: Record<K, string>;
  value: Record<K, boolean>;
  onChange: (value: Record<K, boolean>) => void;
}

/** A labelled group of checkboxes, one per on/off flag of a record (permissions, mail kinds). */
export function FlagCheckboxGroup<K extends string>({
  label,
  description,
  labels,
  value,
  onChange,
}: FlagCheckboxGroupProps<K>) {
  const keys = Object.keys(labels) as K[];
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={keys.filter((key) => value[key])}
      onChange={(checked) =>
        onChange(Object.fromEntries(keys.map((key) => [key, checked.includes(key)])) as Record<K, boolean>)
      }
    >
      <Group gap="lg" mt={6}>
        {keys.map((key) => (
          <Checkbox key={key} value={key} label={labels[key]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

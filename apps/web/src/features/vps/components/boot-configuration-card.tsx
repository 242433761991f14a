import { Button, Card, Divider, Group, Select, Stack, Title } from '@mantine/core';
import type { VpsBootOrder } from '@rackdesk/contract';
import { useState } from 'react';

/** Value of the empty drive in the selects (ISO names always end in .iso, ids are never this). */
const NONE = 'none';

const bootOrderOptions: { value: VpsBootOrder; label: string }[] = [
  { value: 'cda', label: 'Hard Disk first (cda)' },
  { value: 'dca', label: 'CD-ROM first (dca)' },
];

export interface IsoOption {
  value: string;
  label: string;
}

interface BootConfigurationCardProps {
  bootOrder: VpsBootOrder;
  /** What is in the primary and secondary drive now, '' when empty. */
  primaryIso: string;
  secondaryIso: string;
  /** The downloaded ISOs that can be inserted. */
  isoOptions: IsoOption[];
  onSaveBootOrder: (order: VpsBootOrder) => Promise<unknown>;
  savingBootOrder: boolean;
  onInsert: (drives: { primary: string; secondary: string }) => Promise<unknown>;
  inserting: boolean;
  /** Locked or suspended. */
  disabled: boolean;
}

/**
 * Boot Configuration (servers spec §2, §9): the boot order cda or dca, and the primary and
 * secondary ISO. Mount it with a key of the server's values so that it starts over when they
 * change on the server.
 */
export function BootConfigurationCard(props: BootConfigurationCardProps) {
  const { disabled } = props;
  const [order, setOrder] = useState<VpsBootOrder>(props.bootOrder);
  const [primary, setPrimary] = useState(props.primaryIso || NONE);
  const [secondary, setSecondary] = useState(props.secondaryIso || NONE);
  const drive = (value: string) => (value === NONE ? '' : value);
  const isoData = withCurrent(props.isoOptions, [props.primaryIso, props.secondaryIso]);
  const drivesChanged = drive(primary) !== props.primaryIso || drive(secondary) !== props.secondaryIso;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="boot-config-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="boot-config-title">
          Boot Configuration
        </Title>
        <Group align="flex-end" gap="sm">
          <Select
            label="Boot Order"
            data={bootOrderOptions}
            value={order}
            onChange={(value) => value && setOrder(value as VpsBootOrder)}
            allowDeselect={false}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            onClick={() => void props.onSaveBootOrder(order).catch(() => {})}
            loading={props.savingBootOrder}
            disabled={disabled || order === props.bootOrder}
          >
            Save
          </Button>
        </Group>
        <Divider />
        <Group align="flex-end" gap="sm">
          <Select
            label="Primary ISO"
            data={isoData}
            value={primary}
            onChange={(value) => setPrimary(value ?? NONE)}
            allowDeselect={false}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            label="Secondary ISO"
            data={isoData}
            value={secondary}
            onChange={(value) => setSecondary(value ?? NONE)}
            allowDeselect={false}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            onClick={() =>
              void props.onInsert({ primary: drive(primary), secondary: drive(secondary) }).catch(() => {})
            }
            loading={props.inserting}
            disabled={disabled || !drivesChanged}
          >
            Insert
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The choices: no ISO, the downloaded ones, and whatever is inserted now even if not among them. */
function withCurrent(options: IsoOption[], current: string[]): IsoOption[] {
  const known = new Set(options.map((option) => option.value));
  const extra = current
    .filter((value) => value !== '' && !known.has(value))
    .filter((value, index, all) => all.indexOf(value) === index)
    .map((value) => ({ value, label: value }));
  return [{ value: NONE, label: 'None' }, ...options, ...extra];
}

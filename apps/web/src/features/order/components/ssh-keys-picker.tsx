import { Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { VPS2_SSH_KEYS_MAX } from '@rackdesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SSH_KEYS_FAILED, useSshKeys } from '../../../lib/ssh-keys.ts';
import { useOrderSlots } from './order-slots.tsx';

interface SshKeysPickerProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

/**
 * Optional SSH Keys of a new VPS (portal spec §2, §4): the account's keys (`GET ssh-keys`) by
 * title, and 'Add SSH Key' with the account page's own dialog; a key added there is listed here.
 */
export function SshKeysPicker({ value, onChange }: SshKeysPickerProps) {
  const keys = useSshKeys();
  const { SshKeyAddDialog } = useOrderSlots();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      {keys.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading SSH keys…</Text>
        </Group>
      ) : keys.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.9">
            {SSH_KEYS_FAILED}
          </Text>
          <Button variant="light" size="xs" onClick={() => void keys.refetch()}>
            Try Again
          </Button>
        </Group>
      ) : (
        <MultiSelect
          label="SSH Keys"
          description="Optional: installed for root. Not offered for Windows or custom templates."
          placeholder={
            value.length === 0 ? (keys.data.length === 0 ? 'No SSH keys yet' : 'Choose SSH keys') : undefined
          }
          data={keys.data.map((key) => ({ value: String(key.id), label: key.title }))}
          value={value.map(String)}
          onChange={(ids) => onChange(ids.map(Number))}
          maxValues={VPS2_SSH_KEYS_MAX}
          searchable
          clearable
          nothingFoundMessage="No SSH key with this title"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => setAdding(true)}
        >
          Add SSH Key
        </Button>
      </Group>
      <SshKeyAddDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(key) =>
          onChange([...value.filter((id) => id !== key.id), key.id].slice(-VPS2_SSH_KEYS_MAX))
        }
      />
    </Stack>
  );
}

import { Button, Group, Input, Loader, MultiSelect, Text } from '@mantine/core';
import { VPS2_SSH_KEYS_MAX } from '@rackdesk/contract';
import { SSH_KEYS_FAILED, useSshKeys } from '../../../lib/ssh-keys.ts';

interface SshKeysFieldProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

const LABEL = 'SSH Keys';
const DESCRIPTION = 'Installed for root alongside the password.';

/**
 * The SSH keys of a reinstall, shown only for an operating system that takes them (servers spec
 * §3 "ssh_keys_allowed"): the account's keys (`GET ssh-keys`) by title, sent as their ids; the
 * chosen keys are installed for root next to the password.
 */
export function SshKeysField({ value, onChange, disabled = false }: SshKeysFieldProps) {
  const keys = useSshKeys();

  if (keys.isPending) {
    return (
      <Input.Wrapper label={LABEL} description={DESCRIPTION}>
        <Group gap="xs" mt={4}>
          <Loader size="xs" />
          <Text size="sm">Loading SSH keys…</Text>
        </Group>
      </Input.Wrapper>
    );
  }
  if (keys.isError) {
    return (
      <Input.Wrapper label={LABEL} description={DESCRIPTION} error={SSH_KEYS_FAILED}>
        <Button variant="light" size="xs" mt={4} onClick={() => void keys.refetch()}>
          Try Again
        </Button>
      </Input.Wrapper>
    );
  }
  if (keys.data.length === 0) {
    return (
      <Input.Wrapper label={LABEL} description={DESCRIPTION}>
        <Text size="sm" fw={500} mt={4}>
          No SSH keys
        </Text>
        <Text size="sm" c="dimmed">
          SSH keys are added under Account &gt; SSH Keys.
        </Text>
      </Input.Wrapper>
    );
  }
  return (
    <MultiSelect
      label={LABEL}
      description={DESCRIPTION}
      placeholder={value.length === 0 ? 'Choose SSH keys' : undefined}
      data={keys.data.map((key) => ({ value: String(key.id), label: key.title }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      maxValues={VPS2_SSH_KEYS_MAX}
      disabled={disabled}
      searchable
      clearable
      nothingFoundMessage="No SSH key with this title"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

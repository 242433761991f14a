import { ActionIcon, Button, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { DedicatedServer, ServiceListItem } from '@rackdesk/contract';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ServiceName } from '../../../components/service-name/service-name.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatMemoryMb } from '../../../lib/units.ts';
import { useUpdateNickname } from '../api/update-nickname.ts';
import { describeDisks } from '../utils/hardware.ts';

interface NicknameEditorProps {
  serviceId: number;
  current: string;
  onDone: () => void;
}

/** Edit mode of the nickname: Enter or Save saves a changed value, Escape or Cancel leaves it. */
function NicknameEditor({ serviceId, current, onDone }: NicknameEditorProps) {
  const update = useUpdateNickname(serviceId);
  const [value, setValue] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nickname = value.trim();
    if (nickname === current) return onDone();
    update.mutate(nickname, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} aria-label="Edit nickname">
      <Group gap="xs" align="flex-end">
        <TextInput
          label="Server nickname"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          maxLength={255}
          data-autofocus
          autoFocus
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
        <Button variant="default" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

interface ServerHeaderProps {
  serviceId: number;
  server: DedicatedServer;
  billing: ServiceListItem;
  manageable: boolean;
}

/** The page header: nickname (editable), hostname, status and a line of specs. */
export function ServerHeader({ serviceId, server, billing, manageable }: ServerHeaderProps) {
  const [editing, setEditing] = useState(false);
  const name = server.nickname || server.hostname || billing.domain;
  const hardware = server.detailedHardwareInformation;
  const specs = [
    hardware.cpu.model,
    hardware.memory.value > 0 ? `${formatMemoryMb(hardware.memory.value)} RAM` : '',
    ...describeDisks(hardware.disk),
    server.primaryip,
  ].filter(Boolean);

  return (
    <Stack gap="xs">
      {editing ? (
        <NicknameEditor serviceId={serviceId} current={server.nickname} onDone={() => setEditing(false)} />
      ) : (
        <Group gap="xs" align="center" wrap="nowrap">
          <Title order={1} miw={0}>
            <ServiceName name={name} />
          </Title>
          {manageable ? (
            <Tooltip label="Edit nickname">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => setEditing(true)}
                aria-label="Edit nickname"
              >
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      )}
      <Group gap="sm">
        <StatusTag status={billing.status} />
        {server.nickname ? <Text c="dimmed">{server.hostname}</Text> : null}
        <Text c="dimmed">{billing.name}</Text>
      </Group>
      <Text size="sm" c="dimmed" aria-label="Server specs">
        {specs.join(' · ')}
      </Text>
    </Stack>
  );
}

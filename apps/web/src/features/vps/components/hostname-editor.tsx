import { ActionIcon, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { vpsHostnameBodySchema } from '@rackdesk/contract';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ServiceName } from '../../../components/service-name/service-name.tsx';

interface HostnameEditorProps {
  hostname: string;
  /** Resolves once saved; a rejection keeps the editor open (the caller shows the toast). */
  onSave: (hostname: string) => Promise<unknown>;
  saving: boolean;
  disabled: boolean;
}

const hostnameRule = vpsHostnameBodySchema.shape.hostname;

/** The page title with its edit toggle: confirming a changed hostname saves it (servers spec §4). */
export function HostnameEditor({ hostname, onSave, saving, disabled }: HostnameEditorProps) {
  const [editing, setEditing] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { hostname },
    validate: {
      hostname: (value) => {
        const checked = hostnameRule.safeParse(value);
        return checked.success
          ? null
          : (checked.error.issues[0]?.message ?? 'Please enter a valid hostname.');
      },
    },
  });

  const startEditing = () => {
    form.setValues({ hostname });
    form.resetDirty();
    form.clearErrors();
    setEditing(true);
  };
  const submit = form.onSubmit(async ({ hostname: value }) => {
    const next = value.trim();
    if (next !== hostname) {
      try {
        await onSave(next);
      } catch {
        return;
      }
    }
    setEditing(false);
  });

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Title order={1} miw={0}>
          <ServiceName name={hostname} />
        </Title>
        <Tooltip label="Edit hostname">
          <ActionIcon variant="subtle" aria-label="Edit hostname" onClick={startEditing} disabled={disabled}>
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label="Hostname"
          size="md"
          data-autofocus
          autoFocus
          maxLength={253}
          style={{ flex: 1, minWidth: 0 }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
          {...form.getInputProps('hostname')}
        />
        <ActionIcon type="submit" size="input-md" aria-label="Save hostname" loading={saving}>
          <IconCheck size={18} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          size="input-md"
          variant="default"
          aria-label="Cancel editing"
          onClick={() => setEditing(false)}
          disabled={saving}
        >
          <IconX size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </form>
  );
}

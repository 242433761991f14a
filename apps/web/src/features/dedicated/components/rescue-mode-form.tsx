import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DedicatedOsTemplate, DedicatedRebuildText } from '@rackdesk/contract';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useStartRebuild } from '../api/rebuild.ts';
import {
  findTemplate,
  NO_DISK_LAYOUT,
  passwordLengthProblem,
  type RebuildFormValues,
  templateOptions,
  toRebuildRequest,
} from '../utils/rebuild-form.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { RootPasswordInput } from './root-password-input.tsx';

interface RescueModeFormProps {
  serviceId: number;
  serverName: string;
  /** Only rescue and password-reset templates. */
  templates: readonly DedicatedOsTemplate[];
  disabled: boolean;
  onStarted: () => void;
}

/** Rescue mode (servers spec §5): a rescue template, and a password of 3 to 40 when it sets one. */
export function RescueModeForm({
  serviceId,
  serverName,
  templates,
  disabled,
  onStarted,
}: RescueModeFormProps) {
  const rebuild = useStartRebuild(serviceId);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<RebuildFormValues>({
    mode: 'controlled',
    initialValues: { template: null, diskLayout: NO_DISK_LAYOUT, password: '' },
    validate: {
      template: (value) => (value ? null : DedicatedRebuildText.templateRequired),
      password: (value, values) => {
        if (!findTemplate(templates, values.template)?.features.set_root_password) return null;
        if (value === '') return DedicatedRebuildText.passwordRequired;
        return passwordLengthProblem(value, 'rescue');
      },
    },
  });
  const template = findTemplate(templates, form.values.template);
  const setsPassword = template?.features.set_root_password ?? false;

  const start = () => {
    if (!template) return;
    rebuild.mutate(toRebuildRequest(form.values, template), {
      onSuccess: () => {
        notify('Entered Rescue Mode!', 'success');
        onStarted();
      },
      onError: () => notify('Failed to enter rescue mode!', 'error'),
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(() => setConfirming(true))} aria-label="Rescue Mode">
      <Stack gap="sm">
        <Select
          label="Rescue Template"
          placeholder="Select a template"
          data={templateOptions(templates)}
          allowDeselect={false}
          disabled={disabled}
          {...form.getInputProps('template')}
        />
        {setsPassword ? <RootPasswordInput disabled={disabled} {...form.getInputProps('password')} /> : null}
        <Text size="sm" c="dimmed">
          The server reboots into the chosen system; its disks are left as they are.
        </Text>
        <Group>
          <Button type="submit" variant="light" disabled={disabled} loading={rebuild.isPending}>
            Enter Rescue Mode
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Enter Rescue Mode"
        confirmLabel="Reboot into Rescue"
        onConfirm={start}
        onClose={() => setConfirming(false)}
      >
        <strong>{serverName}</strong> reboots into <strong>{template?.name}</strong>. Anything running on it
        stops.
      </ConfirmModal>
    </form>
  );
}

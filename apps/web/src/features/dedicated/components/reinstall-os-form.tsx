import { ActionIcon, Button, CopyButton, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DedicatedOsTemplate, DedicatedRebuildText } from '@rackdesk/contract';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useStartRebuild } from '../api/rebuild.ts';
import { generatePassword } from '../../../lib/root-password.ts';
import {
  diskLayoutOptions,
  findTemplate,
  NO_DISK_LAYOUT,
  passwordLengthProblem,
  type RebuildFormValues,
  templateOptions,
  toRebuildRequest,
} from '../utils/rebuild-form.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { RootPasswordInput } from './root-password-input.tsx';

interface ReinstallOsFormProps {
  serviceId: number;
  serverName: string;
  /** Every template but rescue and password-reset ones. */
  templates: readonly DedicatedOsTemplate[];
  disabled: boolean;
  onStarted: () => void;
}

/**
 * Reinstall OS (servers spec §5): a template, an optional disk layout ('None' sends nothing) and
 * a root password pre-filled by the generator, checked at 2 to 40 characters as it is typed.
 */
export function ReinstallOsForm({
  serviceId,
  serverName,
  templates,
  disabled,
  onStarted,
}: ReinstallOsFormProps) {
  const rebuild = useStartRebuild(serviceId);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<RebuildFormValues>({
    mode: 'controlled',
    initialValues: { template: null, diskLayout: NO_DISK_LAYOUT, password: generatePassword() },
    validateInputOnChange: ['password'],
    validate: {
      template: (value) => (value ? null : DedicatedRebuildText.templateRequired),
      password: (value, values) =>
        findTemplate(templates, values.template)?.features.set_root_password === false
          ? null
          : passwordLengthProblem(value, 'reinstall'),
    },
  });
  const template = findTemplate(templates, form.values.template);
  const setsPassword = template?.features.set_root_password ?? true;
  const invalid =
    !template || (setsPassword && passwordLengthProblem(form.values.password, 'reinstall') !== null);

  const start = () => {
    if (!template) return;
    rebuild.mutate(toRebuildRequest(form.values, template), {
      onSuccess: () => {
        notify(DedicatedRebuildText.started, 'success');
        onStarted();
      },
      onError: () => notify('Failed to start OS reload. Please try again or contact support.', 'error'),
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(() => setConfirming(true))} aria-label="Reinstall OS">
      <Stack gap="sm">
        <Select
          label="Operating System"
          placeholder="Select a template"
          data={templateOptions(templates)}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No templates found"
          disabled={disabled}
          {...form.getInputProps('template')}
          onChange={(value) => {
            form.setFieldValue('template', value);
            form.setFieldValue('diskLayout', NO_DISK_LAYOUT);
          }}
        />
        <Select
          label="Disk Layout"
          data={diskLayoutOptions(template)}
          allowDeselect={false}
          disabled={disabled || !template}
          {...form.getInputProps('diskLayout')}
        />
        {setsPassword ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <RootPasswordInput disabled={disabled} style={{ flex: 1 }} {...form.getInputProps('password')} />
            <CopyButton value={form.values.password}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy password'}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    mb={form.errors.password ? 22 : 0}
                    onClick={copy}
                    aria-label="Copy password"
                  >
                    {copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label="Generate a new password">
              <ActionIcon
                variant="default"
                size="lg"
                mb={form.errors.password ? 22 : 0}
                disabled={disabled}
                onClick={() => form.setFieldValue('password', generatePassword())}
                aria-label="Generate a new password"
              >
                <IconRefresh size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          Reinstalling erases every disk of the server. Keep the root password: it is not shown again.
        </Text>
        <Group>
          <Button type="submit" color="red.8" disabled={disabled || invalid} loading={rebuild.isPending}>
            Reinstall OS
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Reinstall OS"
        confirmLabel="Erase and Reinstall"
        onConfirm={start}
        onClose={() => setConfirming(false)}
      >
        Every disk of <strong>{serverName}</strong> is erased and <strong>{template?.name}</strong> is
        installed. The server is unreachable until the installation completes.
      </ConfirmModal>
    </form>
  );
}

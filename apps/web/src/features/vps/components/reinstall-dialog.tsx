import { Alert, Button, Group, Loader, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { generatePassword as generateRootPassword } from '../../../lib/root-password.ts';
import { OneTimePassword } from '../../../components/one-time-password.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';

/** An OS template of either generation (servers spec §3 "OS template (VPS)"). */
export interface ReinstallTemplate {
  osid: string;
  name: string;
  type: 'custom' | 'standard';
  ssh_keys_allowed: boolean;
}

export interface ReinstallDialogProps {
  opened: boolean;
  onClose: () => void;
  templates: ReinstallTemplate[] | undefined;
  templatesLoading: boolean;
  templatesError: boolean;
  onRetryTemplates: () => void;
  /** Resolves once the platform has accepted the reinstall. */
  onReinstall: (request: { osid: string; password: string }) => Promise<unknown>;
  reinstalling: boolean;
  /** More fields for the chosen template (VPS v2: SSH keys where the template allows them). */
  extraFields?: (template: ReinstallTemplate | undefined) => ReactNode;
}

const PASSWORD_RULE = 'The password must be 2 to 40 characters.';

function initialValues() {
  const password = generateRootPassword();
  return { osid: '', password, password_confirm: password };
}

/**
 * Reinstall OS: a template, a root password (pre-filled with a generated one, 2 to 40
 * characters) and a warning; once the platform accepts it, the dialog shows that the rebuild is
 * under way and the password, once.
 */
export function ReinstallDialog(props: ReinstallDialogProps) {
  const { templates } = props;
  const [started, setStarted] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(),
    validateInputOnChange: true,
    validate: {
      osid: (value) => (value ? null : 'Please select an operating system.'),
      password: (value) => (value.length >= 2 && value.length <= 40 ? null : PASSWORD_RULE),
      password_confirm: (value, values) => (value === values.password ? null : 'The passwords do not match.'),
    },
  });
  const chosen = templates?.find((template) => template.osid === form.values.osid);

  const close = () => {
    form.setValues(initialValues());
    form.clearErrors();
    setStarted(null);
    props.onClose();
  };
  const submit = form.onSubmit(async ({ osid, password }) => {
    try {
      await props.onReinstall({ osid, password });
      setStarted(password);
    } catch {
      // The hook has shown the spec's toast; the form stays as it was.
    }
  });
  const regenerate = () => {
    const password = generateRootPassword();
    form.setValues({ password, password_confirm: password });
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title="Reinstall OS"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={started === null && !props.reinstalling}
    >
      {started !== null ? (
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text>The operating system is being reinstalled. The server is locked until it is done.</Text>
          </Group>
          <OneTimePassword password={started} label="Root password" />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              Reinstalling erases every file on the server and replaces its operating system.
            </Alert>
            <TemplateSelect {...props} inputProps={form.getInputProps('osid')} />
            {props.extraFields?.(chosen)}
            <PasswordInput
              label="Root Password"
              placeholder="Min. 3 Max. 40"
              required
              maxLength={40}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm Password"
              placeholder="Min. 3 Max. 40"
              required
              maxLength={40}
              autoComplete="new-password"
              {...form.getInputProps('password_confirm')}
            />
            <Group justify="space-between">
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                onClick={regenerate}
                disabled={props.reinstalling}
              >
                Generate Password
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={props.reinstalling}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={props.reinstalling} disabled={!form.isValid()}>
                  Reinstall
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function TemplateSelect({
  templates,
  templatesLoading,
  templatesError,
  onRetryTemplates,
  inputProps,
}: ReinstallDialogProps & { inputProps: ReturnType<ReturnType<typeof useForm>['getInputProps']> }) {
  if (templatesError && !templates) {
    return (
      <InlineLoadError message="The operating systems could not be loaded." onRetry={onRetryTemplates} />
    );
  }
  const groups = (['standard', 'custom'] as const)
    .map((type) => ({
      group: type === 'standard' ? 'Standard' : 'Custom',
      items: (templates ?? [])
        .filter((template) => template.type === type)
        .map((template) => ({ value: template.osid, label: template.name })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <Select
      label="Operating System"
      placeholder={templatesLoading ? 'Loading…' : 'Choose an operating system'}
      data={groups}
      searchable
      required
      nothingFoundMessage="No operating system matches"
      disabled={templatesLoading}
      comboboxProps={{ withinPortal: true }}
      {...inputProps}
    />
  );
}

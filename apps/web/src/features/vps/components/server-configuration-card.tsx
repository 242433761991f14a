import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ReinstallDialog, type ReinstallDialogProps } from './reinstall-dialog.tsx';
import { ResetPasswordDialog, type ResetPasswordDialogProps } from './reset-password-dialog.tsx';

type DialogOwnProps = 'opened' | 'onClose';

interface ServerConfigurationCardProps {
  /** Reset Root Password; left out where the platform offers no reset. */
  resetPassword?: Omit<ResetPasswordDialogProps, DialogOwnProps>;
  reinstall: Omit<ReinstallDialogProps, DialogOwnProps>;
  /** Locked or suspended. */
  disabled: boolean;
}

/** Server Configuration: reset the root password, reinstall the OS (servers spec §2). */
export function ServerConfigurationCard({
  resetPassword,
  reinstall,
  disabled,
}: ServerConfigurationCardProps) {
  const [resetOpened, resetDialog] = useDisclosure(false);
  const [reinstallOpened, reinstallDialog] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="server-config-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="server-config-title">
          Server Configuration
        </Title>
        {resetPassword ? (
          <>
            <Group justify="space-between" gap="sm">
              <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                <Text fw={600}>Reset Root Password</Text>
                <Text size="sm" c="dimmed">
                  Sets a new, generated root password and shows it to you once.
                </Text>
              </Stack>
              <Button variant="default" onClick={resetDialog.open} disabled={disabled}>
                Reset Root Password
              </Button>
            </Group>
            <Divider />
          </>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
            <Text fw={600}>Reinstall OS</Text>
            <Text size="sm" c="dimmed">
              Installs a fresh operating system. Every file on the server is erased.
            </Text>
          </Stack>
          <Button color="red" variant="light" onClick={reinstallDialog.open} disabled={disabled}>
            Reinstall OS
          </Button>
        </Group>
      </Stack>
      {resetPassword ? (
        <ResetPasswordDialog {...resetPassword} opened={resetOpened} onClose={resetDialog.close} />
      ) : null}
      <ReinstallDialog {...reinstall} opened={reinstallOpened} onClose={reinstallDialog.close} />
    </Card>
  );
}

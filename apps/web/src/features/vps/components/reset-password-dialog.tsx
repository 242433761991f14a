import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { OneTimePassword } from '../../../components/one-time-password.tsx';

export interface ResetPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Resolves to the new password. */
  onReset: () => Promise<string>;
  resetting: boolean;
}

/** Reset Root Password: a confirmation, then the new password shown once. */
export function ResetPasswordDialog({ opened, onClose, onReset, resetting }: ResetPasswordDialogProps) {
  const [password, setPassword] = useState<string | null>(null);
  const close = () => {
    setPassword(null);
    onClose();
  };
  const reset = () => {
    onReset().then(setPassword, () => {});
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Reset Root Password"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={password === null}
    >
      {password === null ? (
        <Stack gap="md">
          <Text size="sm">
            A new root password is generated and set on the server. The current password stops working.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={resetting}>
              Cancel
            </Button>
            <Button color="red" onClick={reset} loading={resetting} data-autofocus>
              Reset Password
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <OneTimePassword password={password} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

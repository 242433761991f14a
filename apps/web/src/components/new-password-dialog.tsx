import { Button, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { OneTimePassword } from './one-time-password.tsx';

interface NewPasswordDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** The question asked before anything is sent. */
  children: ReactNode;
  confirmLabel: string;
  /** Sends the request; resolves to the server's new root password. */
  onConfirm: () => Promise<string>;
  confirming: boolean;
  /** Closes the dialog when the request fails (its toast tells why); otherwise it stays open. */
  closeOnFailure?: boolean;
  /** Shown above the new password. */
  passwordIntro?: ReactNode;
}

/**
 * A red confirmation that, once the request went through, shows the new root password in the same
 * dialog, once; the dialog cannot be dismissed by a click outside while the password shows.
 */
export function NewPasswordDialog({
  opened,
  title,
  onClose,
  children,
  confirmLabel,
  onConfirm,
  confirming,
  closeOnFailure = false,
  passwordIntro,
}: NewPasswordDialogProps) {
  const [password, setPassword] = useState<string | null>(null);
  const close = () => {
    setPassword(null);
    onClose();
  };
  const confirm = () => {
    onConfirm().then(setPassword, closeOnFailure ? close : () => {});
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={password === null}
    >
      {password === null ? (
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={confirming}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={confirming} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {passwordIntro}
          <OneTimePassword password={password} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

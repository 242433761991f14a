import { Text } from '@mantine/core';
import { NewPasswordDialog } from '../../../components/new-password-dialog.tsx';

export interface ResetPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Resolves to the new password. */
  onReset: () => Promise<string>;
  resetting: boolean;
}

/** Reset Root Password: a confirmation, then the new password shown once. */
export function ResetPasswordDialog({ opened, onClose, onReset, resetting }: ResetPasswordDialogProps) {
  return (
    <NewPasswordDialog
      opened={opened}
      title="Reset Root Password"
      onClose={onClose}
      confirmLabel="Reset Password"
      onConfirm={onReset}
      confirming={resetting}
    >
      <Text size="sm">
        A new root password is generated and set on the server. The current password stops working.
      </Text>
    </NewPasswordDialog>
  );
}

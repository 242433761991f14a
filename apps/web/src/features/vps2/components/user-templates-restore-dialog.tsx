import { Text } from '@mantine/core';
import { NewPasswordDialog } from '../../../components/new-password-dialog.tsx';

interface RestoreTemplateDialogProps {
  /** The template to restore; null when the dialog is closed. */
  template: { id: number; custom_name: string } | null;
  onClose: () => void;
  /** Sends the restore; resolves to the server's new root password. */
  onRestore: (templateId: number) => Promise<string>;
  restoring: boolean;
}

/**
 * Restore Template: warns that the VPS's data is replaced; once the request is sent the same
 * dialog shows the new root password, once (servers spec §2, §4).
 */
export function RestoreTemplateDialog({
  template,
  onClose,
  onRestore,
  restoring,
}: RestoreTemplateDialogProps) {
  return (
    <NewPasswordDialog
      opened={template !== null}
      title="Restore Template"
      onClose={onClose}
      confirmLabel="Restore"
      onConfirm={() => (template ? onRestore(template.id) : Promise.reject(new Error('no template')))}
      confirming={restoring}
      closeOnFailure
      passwordIntro={
        <Text size="sm">The VPS is being restored from the template. Its root password is now:</Text>
      }
    >
      <Text size="sm">
        Restore <strong>{template?.custom_name}</strong> on this VPS? Restoring replaces all current data on
        the VPS with the template; this cannot be undone.
      </Text>
    </NewPasswordDialog>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; the action's own hook reports how it went. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{props.children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            Cancel
          </Button>
          <Button color={props.confirmColor} loading={props.loading} onClick={props.onConfirm} data-autofocus>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ConfirmDeletionProps<T> {
  /** The item to delete; the dialog is open while there is one. */
  item: T | null;
  title: string;
  children: ReactNode;
  /** The mutation that deletes an item; it reports how it went itself. */
  deletion: { isPending: boolean; mutate: (item: T, options: { onSettled: () => void }) => void };
  onClose: () => void;
}

/** Asks before deleting one item of a list, then deletes it and closes whatever the outcome. */
export function ConfirmDeletion<T>({ item, title, children, deletion, onClose }: ConfirmDeletionProps<T>) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      confirmLabel="Delete"
      confirmColor="red"
      loading={deletion.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (item !== null) deletion.mutate(item, { onSettled: onClose });
      }}
    >
      {children}
    </ConfirmDialog>
  );
}

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

import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface RequiredInfoModalProps {
  opened: boolean;
  onClose: () => void;
  /** The profile form (the account's details). */
  children: ReactNode;
}

/** 'Add Required Info' (portal spec §2): the details a non-crypto payment needs, asked for in place. */
export function RequiredInfoModal({ opened, onClose, children }: RequiredInfoModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add Required Info"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>This is required for Non-Crypto Payments</Text>
        {children}
      </Stack>
    </Modal>
  );
}

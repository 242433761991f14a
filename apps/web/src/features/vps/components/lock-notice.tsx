import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown while the platform holds a lock on the server (a reinstall under way, an operator lock). */
export function LockNotice({ reason }: { reason: string }) {
  return (
    <Alert color="orange.9" variant="light" title="Server Locked" icon={<IconLock aria-hidden="true" />}>
      {reason || 'The server is locked.'} Actions are unavailable until the lock is lifted.
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lightNotice } from '../../../lib/light-notice.ts';

/** Shown while the platform holds a lock on the server (a reinstall under way, an operator lock). */
export function LockNotice({ reason }: { reason: string }) {
  return (
    <Alert {...lightNotice('orange')} title="Server Locked" icon={<IconLock aria-hidden="true" />}>
      {reason || 'The server is locked.'} Actions are unavailable until the lock is lifted.
    </Alert>
  );
}

import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SshKey } from '@rackdesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeletion } from '../../../components/confirm-dialog.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { SSH_KEYS_FAILED, useSshKeys } from '../../../lib/ssh-keys.ts';
import { useDeleteSshKey } from '../api/delete-ssh-key.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { SshKeyAddDialog } from './ssh-key-add-dialog.tsx';
import { SshKeysTable } from './ssh-keys-table.tsx';

/**
 * SSH Keys (owners only; portal spec §2, §3, §5, §8): the public keys offered when a server is
 * installed, each with its type, size and SHA256 fingerprint as `ssh-keygen -l` prints them.
 */
export function SshKeysTab() {
  const keys = useSshKeys();
  const remove = useDeleteSshKey();
  const [addOpened, addDialog] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<SshKey | null>(null);

  return (
    <SectionCard
      title="SSH Keys"
      description="Public keys you can install for root when you install or reinstall a server. Compare a fingerprint with 'ssh-keygen -l -f' on your computer."
    >
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addDialog.open}>
          Add SSH Key
        </Button>
      </Group>
      {keys.isPending ? (
        <Loader size="sm" aria-label="Loading SSH keys" />
      ) : keys.isError ? (
        <InlineLoadError message={SSH_KEYS_FAILED} onRetry={() => void keys.refetch()} />
      ) : (
        <SshKeysTable keys={keys.data} onDelete={setToDelete} />
      )}
      <SshKeyAddDialog opened={addOpened} onClose={addDialog.close} />
      <ConfirmDeletion
        item={toDelete}
        title="Delete SSH Key"
        deletion={remove}
        onClose={() => setToDelete(null)}
      >
        Delete the SSH key <strong>{toDelete?.title}</strong>? Servers that already have it keep it; it is no
        longer offered for new installs.
      </ConfirmDeletion>
    </SectionCard>
  );
}

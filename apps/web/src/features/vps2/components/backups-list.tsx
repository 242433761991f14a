import { Button, Group, Loader } from '@mantine/core';
import type { Vps2Backup } from '@rackdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDeleteBackup } from '../api/backup-delete.ts';
import { useRestoreBackup } from '../api/backup-restore.ts';
import { useBackups } from '../api/backups-list.ts';
import { formatBackupSize } from '../utils/backup-size.ts';

interface BackupsListProps {
  serviceId: number;
  /** Locked or not active: backups can be looked at, not restored or deleted. */
  actionsDisabled: boolean;
}

type Pending = { action: 'restore' | 'delete'; backup: Vps2Backup };

/** The server's backups with their size in GB; restore and delete each ask first (servers spec §2). */
export function BackupsList({ serviceId, actionsDisabled }: BackupsListProps) {
  const backups = useBackups(serviceId);
  const restore = useRestoreBackup(serviceId);
  const remove = useDeleteBackup(serviceId);
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  if (backups.isPending) return <Loader size="sm" aria-label="Loading backups" />;
  if (backups.isError && !backups.data) {
    return (
      <InlineLoadError message="The backups could not be loaded." onRetry={() => void backups.refetch()} />
    );
  }

  const columns: DataColumn<Vps2Backup>[] = [
    {
      id: 'date',
      header: 'Date',
      sortBy: { kind: 'date', value: (backup) => backup.created_at },
      cell: (backup) => formatDateTime(backup.created_at),
    },
    {
      id: 'size',
      header: 'Size',
      sortBy: { kind: 'number', value: (backup) => backup.size },
      cell: (backup) => formatBackupSize(backup.size),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (backup) => {
        const date = formatDateTime(backup.created_at);
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={actionsDisabled}
              aria-label={`Restore backup of ${date}`}
              onClick={() => setPending({ action: 'restore', backup })}
            >
              Restore
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              disabled={actionsDisabled}
              aria-label={`Delete backup of ${date}`}
              onClick={() => setPending({ action: 'delete', backup })}
            >
              Delete
            </Button>
          </Group>
        );
      },
    },
  ];

  const date = pending ? formatDateTime(pending.backup.created_at) : '';
  const run = (mutation: typeof restore | typeof remove) => {
    if (!pending) return;
    mutation.mutateAsync(pending.backup.volid).then(close, close);
  };
  return (
    <>
      <DataTable
        data={backups.data}
        columns={columns}
        rowKey={(backup) => backup.volid}
        searchFields={[]}
        search=""
        emptyText="No backups found."
        noMatchText="No backups found."
        caption="Backups"
      />
      <ConfirmDialog
        opened={pending?.action === 'restore'}
        title="Restore Backup"
        confirmLabel="Restore"
        confirmColor="red"
        loading={restore.isPending}
        onClose={close}
        onConfirm={() => run(restore)}
      >
        Restore the backup of <strong>{date}</strong>? The server is stopped and everything on it now is
        replaced by this backup.
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.action === 'delete'}
        title="Delete Backup"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => run(remove)}
      >
        Delete the backup of <strong>{date}</strong>? It cannot be brought back.
      </ConfirmDialog>
    </>
  );
}

import { Button, Code, Text } from '@mantine/core';
import type { SshKey } from '@rackdesk/contract';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { keyTypeText } from '../utils/ssh-keys.ts';

interface SshKeysTableProps {
  keys: SshKey[];
  onDelete: (key: SshKey) => void;
}

/** The account's SSH keys: title, type and size, SHA256 fingerprint, when added. */
export function SshKeysTable({ keys, onDelete }: SshKeysTableProps) {
  const columns: DataColumn<SshKey>[] = [
    {
      id: 'title',
      header: 'Title',
      sortBy: { kind: 'string', value: (key) => key.title },
      cell: (key) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {key.title}
        </Text>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      sortBy: { kind: 'string', value: keyTypeText },
      cell: (key) => <Text size="sm">{keyTypeText(key)}</Text>,
    },
    {
      id: 'fingerprint',
      header: 'Fingerprint',
      cell: (key) => <Code style={{ overflowWrap: 'anywhere' }}>{key.fingerprint}</Code>,
    },
    {
      id: 'created',
      header: 'Added',
      sortBy: { kind: 'date', value: (key) => key.created_at },
      cell: (key) => formatDateTime(key.created_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (key) => (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Delete ${key.title}`}
          onClick={() => onDelete(key)}
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      data={keys}
      columns={columns}
      rowKey={(key) => key.id}
      searchFields={[]}
      search=""
      emptyText="No SSH keys yet. Add one to install it on your servers."
      noMatchText="No SSH keys found."
      caption="SSH keys"
    />
  );
}

import { Badge, Button, Group, Text } from '@mantine/core';
import type { ApiToken } from '@rackdesk/contract';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { expiryText, isExpired, lastUsedText, scopeLabels } from '../utils/api-tokens.ts';

interface ApiTokensTableProps {
  tokens: ApiToken[];
  onDelete: (token: ApiToken) => void;
}

/** The owner's API tokens: what each is for, what it may do, until when, and when it was last used. */
export function ApiTokensTable({ tokens, onDelete }: ApiTokensTableProps) {
  const columns: DataColumn<ApiToken>[] = [
    {
      id: 'description',
      header: 'Description',
      sortBy: { kind: 'string', value: (token) => token.description },
      cell: (token) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {token.description}
        </Text>
      ),
    },
    {
      id: 'scope',
      header: 'Scope',
      sortBy: { kind: 'string', value: (token) => scopeLabels[token.scope] },
      cell: (token) => (
        <Badge variant="light" color={token.scope === 'read' ? 'blue' : 'gray'}>
          {scopeLabels[token.scope]}
        </Badge>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      sortBy: { kind: 'date', value: (token) => token.created_at },
      cell: (token) => formatDateTime(token.created_at),
    },
    {
      id: 'expires',
      header: 'Expires',
      sortBy: { kind: 'date', value: (token) => token.expires_at },
      cell: (token) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{expiryText(token)}</Text>
          {isExpired(token) ? (
            <Badge variant="filled" color="red.9">
              Expired
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      id: 'last-used',
      header: 'Last Used',
      sortBy: { kind: 'date', value: (token) => token.last_used_at },
      cell: (token) => lastUsedText(token),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (token) => (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Delete ${token.description}`}
          onClick={() => onDelete(token)}
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      data={tokens}
      columns={columns}
      rowKey={(token) => token.id}
      searchFields={[]}
      search=""
      emptyText="No API tokens yet. Create one to use the API from your scripts."
      noMatchText="No API tokens found."
      caption="API tokens"
    />
  );
}

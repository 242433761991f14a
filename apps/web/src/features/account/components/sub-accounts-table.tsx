import { Badge, Button, Group, Text } from '@mantine/core';
import type { SubAccount } from '@rackdesk/contract';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { grantedPermissions, servicesText, subAccountName } from '../utils/sub-account-form.ts';

interface SubAccountsTableProps {
  subAccounts: SubAccount[];
  onEdit: (subAccount: SubAccount) => void;
  onDelete: (subAccount: SubAccount) => void;
}

/** The owner's sub-accounts: who, what they may do, and on which services. */
export function SubAccountsTable({ subAccounts, onEdit, onDelete }: SubAccountsTableProps) {
  const columns: DataColumn<SubAccount>[] = [
    {
      id: 'name',
      header: 'Name',
      sortBy: { kind: 'string', value: subAccountName },
      cell: (subAccount) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subAccountName(subAccount)}
        </Text>
      ),
    },
    {
      id: 'email',
      header: 'E-mail',
      sortBy: { kind: 'string', value: (subAccount) => subAccount.email },
      cell: (subAccount) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subAccount.email}
        </Text>
      ),
    },
    {
      id: 'permissions',
      header: 'Permissions',
      cell: (subAccount) => {
        const granted = grantedPermissions(subAccount.permissions);
        return granted.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={4}>
            {granted.map((permission) => (
              <Badge key={permission} variant="light" color="blue">
                {permission}
              </Badge>
            ))}
          </Group>
        );
      },
    },
    {
      id: 'services',
      header: 'Services',
      cell: (subAccount) => servicesText(subAccount.service_whitelist),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (subAccount) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit ${subAccountName(subAccount)}`}
            onClick={() => onEdit(subAccount)}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={`Delete ${subAccountName(subAccount)}`}
            onClick={() => onDelete(subAccount)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      data={subAccounts}
      columns={columns}
      rowKey={(subAccount) => subAccount.id}
      searchFields={[]}
      search=""
      emptyText="No sub-accounts yet. Create one to let someone work on your services with their own sign-in."
      noMatchText="No sub-accounts found."
      caption="Sub-accounts"
    />
  );
}

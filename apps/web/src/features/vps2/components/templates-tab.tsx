import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Vps2UserTemplate } from '@rackdesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useCreateUserTemplate } from '../api/user-templates-create.ts';
import { useDeleteUserTemplate } from '../api/user-templates-delete.ts';
import { useInstallUserTemplate } from '../api/user-templates-install.ts';
import { useUserTemplates } from '../api/user-templates-list.ts';
import { CreateTemplateDialog } from './user-templates-create-dialog.tsx';
import { RestoreTemplateDialog } from './user-templates-restore-dialog.tsx';

export interface TemplatesTabProps {
  serviceId: number;
  /** Locked or not active: no template can be created, deleted or restored. */
  actionsDisabled: boolean;
}

/**
 * The Templates tab of the VPS v2 page (servers spec §2, §4, §8): the account's user templates,
 * Create New Template from this server, and Delete or Restore (onto this server) for a completed
 * template while the server is neither locked nor suspended.
 */
export function TemplatesTab({ serviceId, actionsDisabled }: TemplatesTabProps) {
  const [createOpened, createDialog] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<Vps2UserTemplate | null>(null);
  const [toRestore, setToRestore] = useState<Vps2UserTemplate | null>(null);
  const create = useCreateUserTemplate(serviceId);
  const remove = useDeleteUserTemplate(serviceId);
  const install = useInstallUserTemplate(serviceId);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="user-templates-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} size="h4" id="user-templates-title">
              User Templates
            </Title>
            <Text size="sm" c="dimmed">
              Create a custom template from your server to install on other VMs.
            </Text>
          </Stack>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={createDialog.open}
            disabled={actionsDisabled}
          >
            Create New Template
          </Button>
        </Group>
        <TemplatesTable
          serviceId={serviceId}
          actionsDisabled={actionsDisabled}
          onDelete={setToDelete}
          onRestore={setToRestore}
        />
      </Stack>
      <CreateTemplateDialog
        opened={createOpened}
        onClose={createDialog.close}
        onCreate={(name) => create.mutateAsync(name)}
        creating={create.isPending}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Template"
        confirmLabel="Delete"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const close = () => setToDelete(null);
          remove.mutateAsync(toDelete.id).then(close, close);
        }}
      >
        Delete the template <strong>{toDelete?.custom_name}</strong>? Servers can no longer be installed from
        it.
      </ConfirmDialog>
      <RestoreTemplateDialog
        template={toRestore}
        onClose={() => setToRestore(null)}
        onRestore={(id) => install.mutateAsync(id)}
        restoring={install.isPending}
      />
    </Card>
  );
}

/** Orange and red labels (servers spec §4), dark enough for white text to read (WCAG AA). */
const statusLabel: Partial<Record<Vps2UserTemplate['status'], { label: string; color: string }>> = {
  pending: { label: 'Pending', color: '#a84300' },
  error: { label: 'Failed', color: 'red.9' },
};

interface TemplatesTableProps {
  serviceId: number;
  actionsDisabled: boolean;
  onDelete: (template: Vps2UserTemplate) => void;
  onRestore: (template: Vps2UserTemplate) => void;
}

function TemplatesTable({ serviceId, actionsDisabled, onDelete, onRestore }: TemplatesTableProps) {
  const templates = useUserTemplates(serviceId);
  if (templates.isPending) return <Loader size="sm" aria-label="Loading templates" />;
  if (templates.isError && !templates.data) {
    return (
      <InlineLoadError
        message="The templates could not be loaded."
        onRetry={() => void templates.refetch()}
      />
    );
  }

  const columns: DataColumn<Vps2UserTemplate>[] = [
    {
      id: 'name',
      header: 'Name',
      sortBy: { kind: 'string', value: (template) => template.custom_name },
      cell: (template) => {
        const label = statusLabel[template.status];
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {template.custom_name}
            </Text>
            {label ? (
              <Badge variant="filled" color={label.color}>
                {label.label}
              </Badge>
            ) : null}
          </Group>
        );
      },
    },
    {
      id: 'date',
      header: 'Date',
      sortBy: { kind: 'date', value: (template) => template.created_at },
      cell: (template) => formatDateTime(template.created_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (template) => {
        const usable = template.status === 'completed' && !actionsDisabled;
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              disabled={!usable}
              aria-label={`Delete ${template.custom_name}`}
              onClick={() => onDelete(template)}
            >
              Delete
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!usable}
              aria-label={`Restore ${template.custom_name}`}
              onClick={() => onRestore(template)}
            >
              Restore
            </Button>
          </Group>
        );
      },
    },
  ];
  return (
    <DataTable
      data={templates.data}
      columns={columns}
      rowKey={(template) => template.id}
      searchFields={[]}
      search=""
      emptyText="No Templates found."
      noMatchText="No Templates found."
      caption="User Templates"
    />
  );
}

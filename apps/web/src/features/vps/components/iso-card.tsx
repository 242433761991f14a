import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { VpsText } from '@rackdesk/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';

/** An ISO of either generation (their ids differ in type). */
export interface IsoEntry<Id extends string | number = string | number> {
  id: Id;
  name: string;
  upload_status: 'queued' | 'complete';
}

interface AvailableIsosCardProps<Id extends string | number> {
  isos: IsoEntry<Id>[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Resolves once the download is queued; a rejection's field message shows under the input. */
  onAdd: (url: string) => Promise<unknown>;
  adding: boolean;
  onDelete: (id: Id) => Promise<unknown>;
  deletingId: Id | undefined;
  /** Locked or suspended. */
  disabled: boolean;
}

/**
 * Available ISOs (servers spec §4, §5): add by URL ('Please provide url!'), a queued download
 * shows 'Pending...' with a spinner, a complete one can be deleted after a confirmation.
 */
export function AvailableIsosCard<Id extends string | number>(props: AvailableIsosCardProps<Id>) {
  const { disabled } = props;
  const [toDelete, setToDelete] = useState<IsoEntry<Id> | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { url: '' },
    validate: { url: (value) => (value.trim() === '' ? VpsText.isoUrlRequired : null) },
  });
  const submit = form.onSubmit(async ({ url }) => {
    try {
      await props.onAdd(url.trim());
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.status < 500)
        form.setFieldError('url', error.fieldError('url') ?? error.message);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="isos-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="isos-title">
          Available ISOs
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="ISO URL"
              placeholder="https://example.com/image.iso"
              type="url"
              inputMode="url"
              style={{ flex: 1, minWidth: 220 }}
              disabled={disabled}
              {...form.getInputProps('url')}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={props.adding} disabled={disabled}>
              Add ISO
            </Button>
          </Group>
        </form>
        <IsoList {...props} onDeleteClick={setToDelete} />
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete ISO"
        confirmLabel="Delete"
        confirmColor="red"
        loading={toDelete !== null && props.deletingId === toDelete.id}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          await props.onDelete(toDelete.id).then(
            () => setToDelete(null),
            () => setToDelete(null),
          );
        }}
      >
        Delete <strong>{toDelete?.name}</strong>? An ISO that is inserted in a server's CD drive is kept until
        it is ejected.
      </ConfirmDialog>
    </Card>
  );
}

function IsoList<Id extends string | number>({
  isos,
  isLoading,
  isError,
  onRetry,
  disabled,
  deletingId,
  onDeleteClick,
}: AvailableIsosCardProps<Id> & { onDeleteClick: (iso: IsoEntry<Id>) => void }) {
  if (isLoading) return <Loader size="sm" aria-label="Loading ISOs" />;
  if (isError && !isos) {
    return <InlineLoadError message="The ISOs could not be loaded." onRetry={onRetry} />;
  }
  if (!isos || isos.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        You have no ISOs yet. Add one by its URL to boot from it.
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" m={0} p={0} aria-label="ISOs" style={{ listStyle: 'none' }}>
      {isos.map((iso) => (
        <Group
          component="li"
          key={iso.id}
          justify="space-between"
          wrap="nowrap"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text style={{ overflowWrap: 'anywhere' }}>{iso.name}</Text>
          {iso.upload_status === 'queued' ? (
            <Group gap={6} wrap="nowrap">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">Pending...</Text>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Badge variant="filled" color="#1e6b30">
                Ready
              </Badge>
              <Tooltip label="Delete ISO">
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={`Delete ${iso.name}`}
                  onClick={() => onDeleteClick(iso)}
                  loading={deletingId === iso.id}
                  disabled={disabled}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}

import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ServiceListItem, Vps2Text } from '@rackdesk/contract';
import { Link } from '../../../lib/routing.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { formatBlockSize } from '../../../lib/storage-blocks.ts';
import { useDetachStorage } from '../api/detach-storage.ts';
import { useStorageDetail } from '../api/get-storage.ts';
import { canDetachStorage } from '../utils/storage-detach.ts';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';

/**
 * The storage page's Billing Options card (servers spec §2 Generic/storage page): the block, the
 * VPS it is 'Attached to' with a link to that server's page, and Detach (after a confirmation)
 * only while the service is Active and, for a sub-account, the server is in its whitelist.
 */
export function StorageBillingOptionsCard({ service }: { service: ServiceListItem }) {
  const query = useStorageDetail(service.id, true);
  const detach = useDetachStorage(service.id);
  const { data: user } = useCurrentUser();
  const [confirmOpened, confirm] = useDisclosure(false);

  const detail = query.data;
  const attachedTo = detail?.attached_to ?? null;
  const mayDetach = detail?.disk != null && canDetachStorage({ status: service.status, attachedTo, user });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-options-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="billing-options-title">
          Billing Options
        </Title>
        {service.status === 'Suspended' ? (
          <Alert color="yellow" variant="light">
            {Vps2Text.diskSuspended}
          </Alert>
        ) : null}
        {!detail ? (
          query.isError ? (
            <InlineLoadError
              message="The storage block could not be loaded."
              onRetry={() => void query.refetch()}
            />
          ) : (
            <Loader size="sm" aria-label="Loading storage block" />
          )
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Field label="Attached to">
                {attachedTo ? (
                  <Anchor component={Link} to={paths.vps2Server(attachedTo.id)} inherit>
                    {attachedTo.domain || `VPS #${attachedTo.id}`}
                  </Anchor>
                ) : (
                  'Not attached'
                )}
              </Field>
              {detail.disk ? (
                <>
                  <Field label="Disk">{detail.disk.disk_name}</Field>
                  <Field label="Size">{formatBlockSize(detail.disk.size)}</Field>
                  <Field label="Location">{detail.disk.location || 'N/A'}</Field>
                </>
              ) : null}
            </SimpleGrid>
            {detail.disk === null ? (
              <Text size="sm" c="dimmed">
                The disk of this storage block is not available on the platform yet.
              </Text>
            ) : !attachedTo && service.status === 'Active' ? (
              <Text size="sm" c="dimmed">
                Attach this block from the Configure tab of a VPS v2 in{' '}
                {detail.disk.location || 'the same location'}.
              </Text>
            ) : null}
            {mayDetach ? (
              <Group>
                <Button color="red" variant="light" onClick={confirm.open} loading={detach.isPending}>
                  Detach
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmOpened}
        title="Detach Storage Block"
        confirmLabel="Detach"
        confirmColor="red"
        loading={detach.isPending}
        onClose={confirm.close}
        onConfirm={() => {
          if (!detail?.disk || !attachedTo) return;
          detach.mutate(
            { diskName: detail.disk.disk_name, serverId: attachedTo.id },
            { onSettled: confirm.close },
          );
        }}
      >
        Detach this storage block from {attachedTo?.domain || 'its server'}? Unmount it inside the server
        first. The block keeps its data and can be attached again.
      </ConfirmDialog>
    </Card>
  );
}

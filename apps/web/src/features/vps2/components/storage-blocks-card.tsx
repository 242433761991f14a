import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import { Anchor, Badge, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { StorageBlockDisk } from '@rackdesk/contract';
import { useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { Can } from '../../../lib/permissions.tsx';
import { useServiceWhitelist } from '../../../lib/service-whitelist.ts';
import { formatBlockSize } from '../../../lib/storage-blocks.ts';
import { useAttachStorageBlock, useDetachStorageBlock } from '../api/storage-attachment.ts';
import { useStorageBlocks } from '../api/storage-blocks-list.ts';
import {
  attachmentOf,
  attachRefusal,
  type BlockAttachment,
  detachRefusal,
  sortBlocks,
  storageOrderPath,
} from '../utils/storage-block-rules.ts';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';

export interface StorageBlocksCardProps {
  serviceId: number;
  /** The VPS's location ('New York'); a block attaches only to a server of its own location. */
  region: string;
  /** Locked or not active: attach and detach are refused. */
  actionsDisabled: boolean;
}

const badges: Record<BlockAttachment, { label: string; color: string }> = {
  // Dark enough for white text (green.9 falls just short of 4.5:1); the green of the Active tag.
  here: { label: 'Attached', color: '#1e6b30' },
  free: { label: 'Available', color: 'blue.9' },
  elsewhere: { label: 'Attached to another VPS', color: 'gray.8' },
};

/**
 * Storage Blocks on the VPS v2 Configure tab (servers spec §2, §4, §5, §6, §8): the account's
 * blocks, polled every 30 s; a free block of the server's location attaches to it, one on this
 * server detaches after a confirmation; sub-accounts act only on the blocks of their whitelist.
 */
export function StorageBlocksCard({ serviceId, region, actionsDisabled }: StorageBlocksCardProps) {
  const query = useStorageBlocks(serviceId);
  const attach = useAttachStorageBlock(serviceId);
  const detach = useDetachStorageBlock(serviceId);
  const isWhitelisted = useServiceWhitelist();
  const [toDetach, setToDetach] = useState<StorageBlockDisk | null>(null);
  const orderPath = storageOrderPath(region);

  const onAttach = (disk: StorageBlockDisk) => {
    const refusal = attachRefusal({ disk, vpsRegion: region, blockWhitelisted: isWhitelisted(disk.id) });
    if (refusal) notify(refusal, 'error');
    else attach.mutate(disk);
  };
  const onDetach = (disk: StorageBlockDisk) => {
    const refusal = detachRefusal({ blockWhitelisted: isWhitelisted(disk.id) });
    if (refusal) notify(refusal, 'error');
    else setToDetach(disk);
  };
  const busy = (mutation: typeof attach, disk: StorageBlockDisk) =>
    mutation.isPending && mutation.variables?.disk_name === disk.disk_name;

  const disks = query.data ? sortBlocks(query.data, serviceId, region) : undefined;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="storage-blocks-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="storage-blocks-title">
            Storage Blocks
          </Title>
          {orderPath ? (
            <Can permission="order">
              <Button component={Link} to={orderPath} variant="default" size="xs">
                Order Storage
              </Button>
            </Can>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {region
            ? `Extra disks for this server. Blocks in ${region} can be attached to it; a detached block keeps its data.`
            : 'Extra disks for this server. A block can be attached to a server in its own location; a detached block keeps its data.'}
        </Text>
        {disks === undefined ? (
          query.isError ? (
            <InlineLoadError
              message="The storage blocks could not be loaded."
              onRetry={() => void query.refetch()}
            />
          ) : (
            <Loader size="sm" aria-label="Loading storage blocks" />
          )
        ) : disks.length === 0 ? (
          <Text size="sm">You have no storage blocks.</Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Storage blocks"
          >
            {disks.map((disk) => {
              const attachment = attachmentOf(disk, serviceId);
              const badge = badges[attachment];
              return (
                <Paper component="li" key={disk.disk_name} withBorder radius="sm" p="sm">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {isWhitelisted(disk.id) ? (
                          <Anchor component={Link} to={paths.storageService(disk.id)} inherit>
                            {disk.disk_name}
                          </Anchor>
                        ) : (
                          disk.disk_name
                        )}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {formatBlockSize(disk.size)}
                        {disk.location ? ` · ${disk.location}` : ''}
                      </Text>
                    </Stack>
                    <Group gap="sm">
                      <Badge color={badge.color} variant="filled">
                        {badge.label}
                      </Badge>
                      {attachment === 'here' ? (
                        <Button
                          color="red"
                          variant="light"
                          disabled={actionsDisabled}
                          loading={busy(detach, disk)}
                          onClick={() => onDetach(disk)}
                        >
                          Detach
                        </Button>
                      ) : attachment === 'free' ? (
                        <Button
                          disabled={actionsDisabled}
                          loading={busy(attach, disk)}
                          onClick={() => onAttach(disk)}
                        >
                          Attach
                        </Button>
                      ) : disk.vm_whmcs_id !== null && isWhitelisted(disk.vm_whmcs_id) ? (
                        <Anchor component={Link} to={paths.vps2Server(disk.vm_whmcs_id)} size="sm">
                          View VPS
                        </Anchor>
                      ) : null}
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={toDetach !== null}
        title="Detach Storage Block"
        confirmLabel="Detach"
        confirmColor="red"
        loading={detach.isPending}
        onClose={() => setToDetach(null)}
        onConfirm={() => {
          if (toDetach) detach.mutate(toDetach, { onSettled: () => setToDetach(null) });
        }}
      >
        Detach {toDetach?.disk_name} from this server? Unmount it inside the server first. The block keeps its
        data and can be attached again.
      </ConfirmDialog>
    </Card>
  );
}

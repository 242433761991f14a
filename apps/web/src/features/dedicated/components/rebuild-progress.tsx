import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { DedicatedRebuildStatus } from '@rackdesk/contract';

const updateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** When the rebuild last moved on, from the status' epoch seconds. */
export const formatUpdateTime = (epochSeconds: number) => updateTime.format(new Date(epochSeconds * 1000));

interface RebuildProgressProps {
  status: DedicatedRebuildStatus;
  cancelling: boolean;
  onCancel: () => void;
  /** False while the service is not active: the server refuses the cancellation. */
  manageable: boolean;
}

/** A running reinstall or rescue boot: bar, percent, message, last update and 'Cancel Reinstall OS'. */
export function RebuildProgress({ status, cancelling, onCancel, manageable }: RebuildProgressProps) {
  return (
    <Stack gap="xs" aria-labelledby="rebuild-progress-title">
      <Group justify="space-between">
        <Text fw={600} id="rebuild-progress-title">
          Rebuild in progress
        </Text>
        <Text fw={600} aria-live="polite">
          {status.percent}%
        </Text>
      </Group>
      <Progress value={status.percent} size="lg" animated striped aria-label="Rebuild progress" />
      <Text role="status">{status.message || 'Waiting for the server...'}</Text>
      {status.update_time !== null ? (
        <Text size="sm" c="dimmed">
          Last update: {formatUpdateTime(status.update_time)}
        </Text>
      ) : null}
      <Group>
        <Button
          color="red"
          variant="light"
          disabled={!status.cancellable || !manageable}
          loading={cancelling}
          onClick={onCancel}
        >
          Cancel Reinstall OS
        </Button>
        {!status.cancellable ? (
          <Text size="sm" c="dimmed">
            The rebuild can no longer be cancelled.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

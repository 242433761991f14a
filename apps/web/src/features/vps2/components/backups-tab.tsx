import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tooltip.css';
import {
  Box,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { VPS2_BACKUP_INTERVAL_HOURS } from '@rackdesk/contract';
import { IconDatabaseExport } from '@tabler/icons-react';
import { notify } from '../../../lib/notify.ts';
import { useBackupSchedule } from '../api/backup-schedule.ts';
import { useBackupStatus } from '../api/backup-status.ts';
import { useToggleBackups } from '../api/backup-toggle.ts';
import { useTriggerBackup } from '../api/backup-trigger.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { BackupCountdown } from './backup-countdown.tsx';
import { BackupsList } from './backups-list.tsx';

export interface BackupsTabProps {
  serviceId: number;
  /** Locked or not active: Backup Now, the toggle, restore and delete are refused. */
  actionsDisabled: boolean;
}

/**
 * The Backups tab of the VPS v2 page (servers spec §2, §4, §8): the schedule, the countdown to the
 * next automatic backup, Backup Now, the automatic-backups switch and the list of backups.
 */
export function BackupsTab({ serviceId, actionsDisabled }: BackupsTabProps) {
  const trigger = useTriggerBackup(serviceId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="backups-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="backups-title">
            Backups
          </Title>
          <Button
            leftSection={<IconDatabaseExport size={16} aria-hidden="true" />}
            onClick={() => trigger.mutate()}
            loading={trigger.isPending}
            disabled={actionsDisabled}
          >
            Backup Now
          </Button>
        </Group>
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4}>
            <Text>Backup Schedule: Every {VPS2_BACKUP_INTERVAL_HOURS} hours</Text>
            <NextBackup serviceId={serviceId} />
          </Stack>
          <AutomaticBackupsSwitch serviceId={serviceId} actionsDisabled={actionsDisabled} />
        </Group>
        <Divider />
        <BackupsList serviceId={serviceId} actionsDisabled={actionsDisabled} />
      </Stack>
    </Card>
  );
}

/** 'Next Backup In' and its countdown; nothing to count while automatic backups are off. */
function NextBackup({ serviceId }: { serviceId: number }) {
  const schedule = useBackupSchedule(serviceId);
  let value;
  if (schedule.isPending) value = <Loader size="xs" aria-label="Loading the next backup time" />;
  else if (!schedule.data) {
    value = (
      <Group gap="xs">
        <Text c="dimmed">Unknown</Text>
        <Button size="compact-xs" variant="default" onClick={() => void schedule.refetch()}>
          Try Again
        </Button>
      </Group>
    );
  } else if (schedule.data.next_run === null) value = <Text c="dimmed">Automatic backups are off.</Text>;
  else value = <BackupCountdown nextRun={schedule.data.next_run} />;
  return (
    <Group gap="xs" aria-label="Next Backup In" role="group">
      <Text>Next Backup In</Text>
      {value}
    </Group>
  );
}

/**
 * 'Automatic Backups Enabled': follows the server's flag, a disabled loading switch while it is
 * unknown, fetched again after each toggle; refused with a toast while locked or suspended.
 */
function AutomaticBackupsSwitch({ serviceId, actionsDisabled }: BackupsTabProps) {
  const status = useBackupStatus(serviceId);
  const toggle = useToggleBackups(serviceId);
  const unknown = status.data === undefined;
  const loading = status.isPending || toggle.isPending;
  return (
    <Tooltip label="Turn backups on/off">
      <Box>
        <Switch
          size="md"
          label="Automatic Backups Enabled"
          checked={status.data ?? false}
          disabled={unknown || toggle.isPending}
          thumbIcon={loading ? <Loader size={10} aria-hidden="true" /> : undefined}
          aria-busy={loading}
          onChange={() => {
            if (actionsDisabled) return notify(BackupsToast.toggleBlocked, 'error');
            toggle.mutate();
          }}
        />
      </Box>
    </Tooltip>
  );
}

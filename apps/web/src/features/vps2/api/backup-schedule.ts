import { VPS2_POLL_MS } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths, backupKeys } from './backups-keys.ts';

export interface BackupSchedule {
  /** Epoch seconds of the next automatic backup; null while automatic backups are off. */
  next_run: number | null;
  interval_hours: number;
}

/** `GET services/vps/v2/{id}/backup/schedule`: when the next automatic backup runs. */
export function getBackupSchedule(serviceId: number): Promise<BackupSchedule> {
  return api.get<BackupSchedule>(backupApiPaths.schedule(serviceId));
}

/** The next run, refreshed with the backups every 30 s (the countdown itself ticks every second). */
export function useBackupSchedule(serviceId: number) {
  const query = useQuery({
    queryKey: backupKeys.schedule(serviceId),
    queryFn: () => getBackupSchedule(serviceId),
    refetchInterval: VPS2_POLL_MS.backups,
  });
  useFailureToast(query, BackupsToast.scheduleFailed);
  return query;
}

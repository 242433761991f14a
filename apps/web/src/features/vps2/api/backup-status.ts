import { VPS2_POLL_MS } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths, backupKeys } from './backups-keys.ts';

/** `GET services/vps/v2/{id}/backup/check`: 1 when automatic backups are on. */
export async function getBackupStatus(serviceId: number): Promise<boolean> {
  const body = await api.get<{ isEnabled: 0 | 1 }>(backupApiPaths.check(serviceId));
  return body.isEnabled === 1;
}

/** Whether automatic backups are on; undefined until known (the switch shows loading meanwhile). */
export function useBackupStatus(serviceId: number) {
  const query = useQuery({
    queryKey: backupKeys.status(serviceId),
    queryFn: () => getBackupStatus(serviceId),
    refetchInterval: VPS2_POLL_MS.backups,
  });
  useFailureToast(query, BackupsToast.statusFailed);
  return query;
}

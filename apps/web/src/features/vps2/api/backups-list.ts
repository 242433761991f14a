import { VPS2_POLL_MS, type Vps2Backup } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { BackupsToast } from '../utils/backups-toasts.ts';
import { backupApiPaths, backupKeys } from './backups-keys.ts';

/** `GET services/vps/v2/{id}/backups`: the server's backups, newest first. */
export async function getBackups(serviceId: number): Promise<Vps2Backup[]> {
  return (await api.get<{ backups: Vps2Backup[] }>(backupApiPaths.list(serviceId))).backups;
}

/** The backups of the server, polled every 30 s (servers spec §9). */
export function useBackups(serviceId: number) {
  const query = useQuery({
    queryKey: backupKeys.list(serviceId),
    queryFn: () => getBackups(serviceId),
    refetchInterval: VPS2_POLL_MS.backups,
  });
  useFailureToast(query, BackupsToast.listFailed);
  return query;
}

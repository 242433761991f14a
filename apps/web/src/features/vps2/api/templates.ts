import { VPS2_POLL_MS, type Vps2OsTemplate } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { Vps2Toast } from '../utils/toasts.ts';
import { vps2Keys } from './keys.ts';
import { vps2ApiPaths } from './paths.ts';

/** The OS templates the server can be reinstalled with (standard and custom_), polled every 30 s. */
export function useVps2Templates(serviceId: number) {
  const query = useQuery({
    queryKey: vps2Keys.templates(serviceId),
    queryFn: async () =>
      (await api.get<{ templates: Vps2OsTemplate[] }>(vps2ApiPaths.templates(serviceId))).templates,
    refetchInterval: VPS2_POLL_MS.templates,
  });
  useFailureToast(query, Vps2Toast.templatesFailed);
  return query;
}

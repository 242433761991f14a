import { VPS_POLL_MS, type VpsTemplateListResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vpsKeys } from './keys.ts';
import { vpsApiPaths } from './paths.ts';

/** The OS templates the VPS can be reinstalled with, polled every 30 s. */
export function useVpsTemplates(serviceId: number) {
  const query = useQuery({
    queryKey: vpsKeys.templates(serviceId),
    queryFn: async () => (await api.get<VpsTemplateListResponse>(vpsApiPaths.templates(serviceId))).templates,
    refetchInterval: VPS_POLL_MS.templates,
  });
  useFailureToast(query, VpsToast.templatesFailed);
  return query;
}

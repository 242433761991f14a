import {
  DEDICATED_REBUILD_POLL_MS,
  type DedicatedRebuildRequestBody,
  type DedicatedRebuildStatus,
} from '@rackdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dedicatedApi, dedicatedKeys } from './keys.ts';

/** `GET .../rebuild/status`, polled every 5 s (servers spec §9). */
export function useRebuildStatus(serviceId: number) {
  return useQuery({
    queryKey: dedicatedKeys.rebuildStatus(serviceId),
    queryFn: () => api.get<DedicatedRebuildStatus>(dedicatedApi.rebuildStatus(serviceId)),
    refetchInterval: DEDICATED_REBUILD_POLL_MS,
    staleTime: 0,
  });
}

/** `POST .../rebuild`: a reinstall, or rescue mode with a rescue template. Toasts are the form's. */
export function useStartRebuild(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DedicatedRebuildRequestBody) => api.post(dedicatedApi.rebuild(serviceId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dedicatedKeys.rebuildStatus(serviceId) }),
  });
}

/** `GET .../rebuild/stop`. */
export function useStopRebuild(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get(dedicatedApi.rebuildStop(serviceId)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dedicatedKeys.rebuildStatus(serviceId) }),
        queryClient.invalidateQueries({ queryKey: dedicatedKeys.powerStatus(serviceId) }),
      ]),
  });
}

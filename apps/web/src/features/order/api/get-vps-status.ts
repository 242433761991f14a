import type { Vps2DetailResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

/** Whether the platform holds the VPS (`GET services/vps/v2/{id}`, its `locked` flag). */
export const getVpsLocked = async (serviceId: number): Promise<boolean> =>
  (await api.get<Vps2DetailResponse>(orderApiPaths.vps2Server(serviceId))).vps.locked;

/** The status check of the VPS a storage block is to attach to (portal spec §5 "Storage order"). */
export function useVpsLocked(serviceId: number | null) {
  return useQuery({
    queryKey: orderKeys.vpsStatus(serviceId ?? 0),
    queryFn: () => getVpsLocked(serviceId ?? 0),
    enabled: serviceId !== null,
    staleTime: 0,
    retry: false,
  });
}

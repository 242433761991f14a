import type { ProductGroupResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const upgradeKeys = {
  groupProducts: (groupId: number) => ['catalog', 'product-group', groupId] as const,
};

/** API paths of plan upgrades (servers spec §7), relative to /api. */
export const upgradeApiPaths = {
  groupProducts: (groupId: number) => `/billing/products/${groupId}`,
  upgrade: (serviceId: number) => `/services/vps/v2/${serviceId}/upgrade`,
} as const;

/** The plans of the server's product group (`GET billing/products/{groupId}`), while the modal is open. */
export function useUpgradeProducts(groupId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: upgradeKeys.groupProducts(groupId ?? 0),
    queryFn: async () =>
      (await api.get<ProductGroupResponse>(upgradeApiPaths.groupProducts(groupId!))).products,
    enabled: enabled && groupId !== undefined,
    staleTime: 60_000,
  });
}

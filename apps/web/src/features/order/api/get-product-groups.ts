import type { Product, ProductGroupResponse } from '@rackdesk/contract';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

export const getProductGroup = async (groupId: number): Promise<Product[]> =>
  (await api.get<ProductGroupResponse>(orderApiPaths.group(groupId))).products;

export interface ProductListQuery {
  products: Product[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * The products of a service type's groups (`GET billing/products/{groupId}` each), cached for the
 * session (portal spec §2 "Product lists are cached for the session").
 */
export function useProductGroups(groupIds: readonly number[]): ProductListQuery {
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: orderKeys.group(groupId),
      queryFn: () => getProductGroup(groupId),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({
      products: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      refetch: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    }),
  });
}

import type { Product, SingleProductResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { retryServerErrorsOnce } from '../../../lib/query-retry.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

/** `GET billing/products/product/{pid}`: the product as `products.product[0]`; undefined for an empty answer. */
export const getProduct = async (pid: number): Promise<Product | null> =>
  (await api.get<SingleProductResponse>(orderApiPaths.product(pid))).products.product[0] ?? null;

/** The product a configure page orders. Its stock is read afresh each time the page opens. */
export function useProduct(pid: number | null) {
  return useQuery({
    queryKey: orderKeys.product(pid ?? 0),
    queryFn: () => getProduct(pid ?? 0),
    enabled: pid !== null,
    staleTime: 0,
    retry: retryServerErrorsOnce,
  });
}

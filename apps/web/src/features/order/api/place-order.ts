import { IDEMPOTENCY_KEY_HEADER, type OrderRequest, type OrderResponse } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invoiceListsKey } from '../../../lib/invoice-list-key.ts';
import { serviceListQueryKey } from '../../../lib/service-queries.ts';
import { orderApiPaths, orderKeys } from './keys.ts';

export interface PlaceOrderInput {
  order: OrderRequest;
  idempotencyKey: string;
}

export const placeOrder = ({ order, idempotencyKey }: PlaceOrderInput) =>
  api.post<OrderResponse>(orderApiPaths.order, order, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * `POST billing/order`. Whatever the answer, the stock shown may have moved, and an order raises
 * an invoice and services: those lists are read again.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: invoiceListsKey });
      void queryClient.invalidateQueries({ queryKey: serviceListQueryKey });
    },
  });
}

import type { PaymentMethodsResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * `GET billing/payment-methods`: the gateways this installation takes, with their display names.
 * One cached list for the invoice page's payment select and the order checkout's radio list.
 */
export const paymentMethodsQueryKey = ['payment-methods'] as const;

export const getPaymentMethods = async () =>
  (await api.get<PaymentMethodsResponse>('/billing/payment-methods')).paymentmethod;

export function usePaymentMethods({ enabled = true } = {}) {
  return useQuery({
    queryKey: paymentMethodsQueryKey,
    queryFn: getPaymentMethods,
    staleTime: 10 * 60_000,
    enabled,
  });
}

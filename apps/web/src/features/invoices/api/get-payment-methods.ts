import type { PaymentMethodsResponse } from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

/** `GET billing/payment-methods`: the gateways this installation takes, with their display names. */
export const getPaymentMethods = async () =>
  (await api.get<PaymentMethodsResponse>(invoiceApiPaths.paymentMethods)).paymentmethod;

export function usePaymentMethods() {
  return useQuery({
    queryKey: invoiceKeys.paymentMethods(),
    queryFn: getPaymentMethods,
    staleTime: 10 * 60_000,
  });
}

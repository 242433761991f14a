import type { BitcoinPayResponse, CryptomusPayResponse, PaypalCheckout } from '@rackdesk/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const gatewayPaymentKeys = {
  all: ['gateway-payments'] as const,
  /** One checkout per invoice and amount: a changed balance asks for a new one. */
  checkout: (gateway: string, invoiceId: number, balance: string) =>
    [...gatewayPaymentKeys.all, gateway, invoiceId, balance] as const,
};

export const startPaypalPayment = (invoiceid: number) =>
  api.post<PaypalCheckout>('/billing/paypal/pay', { invoiceid });

/** `POST billing/paypal/pay`: the form to post to PayPal, computed by the server. */
export function usePaypalCheckout() {
  return useMutation({ mutationFn: startPaypalPayment });
}

/**
 * `POST billing/cryptomus/pay` and `billing/bitcoin/pay`, made when the invoice page opens (portal
 * spec §4). The server hands out the same open checkout again, so asking twice is harmless;
 * failures are not retried: the button says the gateway is unavailable instead.
 */
type CryptoGateway = 'cryptomus' | 'bitcoin';

export const cryptoCheckoutQuery = <T>(gateway: CryptoGateway, invoiceId: number, balance: string) =>
  queryOptions({
    queryKey: gatewayPaymentKeys.checkout(gateway, invoiceId, balance),
    queryFn: () => api.post<T>(`/billing/${gateway}/pay`, { invoiceid: invoiceId }),
    staleTime: Infinity,
    retry: false,
  });

export const useCryptomusCheckout = (invoiceId: number, balance: string) =>
  useQuery(cryptoCheckoutQuery<CryptomusPayResponse>('cryptomus', invoiceId, balance));

export const useBitcoinCheckout = (invoiceId: number, balance: string) =>
  useQuery(cryptoCheckoutQuery<BitcoinPayResponse>('bitcoin', invoiceId, balance));

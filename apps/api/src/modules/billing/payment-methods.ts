import { PAYMENT_GATEWAYS, type PaymentGateway, type PaymentMethodsResponse } from '@rackdesk/contract';
import type { PaymentsConfig } from '../../config.ts';

/**
 * Whether this installation can take payments through a gateway: its credentials are set, by the
 * operator or, when the datacenter simulator plays the gateway, with the sandbox's own. `mailin`
 * (Other CryptoCurrency) has no gateway behind it and nothing to configure, so it is never offered.
 */
const configured: Record<PaymentGateway, (payments: PaymentsConfig) => boolean> = {
  stripe: ({ stripe }) => stripe.secretKey !== '',
  paypal: ({ paypal }) => paypal.businessEmail !== '',
  bitpaycheckout: ({ bitpay }) => bitpay.token !== '',
  cryptomusgateway: ({ cryptomus }) => cryptomus.merchantId !== '' && cryptomus.apiKey !== '',
  mailin: () => false,
};

/** `GET billing/payment-methods`: the configured gateways with the names the invoice page shows. */
export function paymentMethodsOf(payments: PaymentsConfig): PaymentMethodsResponse {
  const modules = Object.keys(PAYMENT_GATEWAYS) as PaymentGateway[];
  return {
    paymentmethod: modules
      .filter((module) => configured[module](payments))
      .map((module) => ({ module, displayname: PAYMENT_GATEWAYS[module] })),
  };
}

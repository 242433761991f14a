import type { PaymentGateway as GatewayModule } from '@rackdesk/contract';
import type { PaymentsConfig } from '../../../config.ts';
import { BITPAY_PRODUCTION_URL, BitpayGateway } from './bitpay/bitpay-gateway.ts';
import { CRYPTOMUS_PRODUCTION_URL, CryptomusGateway } from './cryptomus/cryptomus-gateway.ts';
import type { PaymentGateway } from './gateway.ts';
import { PAYPAL_PRODUCTION_URL, PaypalStandard } from './paypal/paypal-standard.ts';

export type Gateways = Partial<Record<GatewayModule, PaymentGateway>>;

/**
 * The gateways whose credentials are set (by the operator, or by the simulator's sandbox when it
 * plays them), each at its configured URL or the provider's production address.
 */
export function createGateways(payments: PaymentsConfig, timeoutMs: number): Gateways {
  const { paypal, cryptomus, bitpay } = payments;
  const gateways: Gateways = {};
  if (paypal.businessEmail) {
    gateways.paypal = new PaypalStandard({
      baseUrl: paypal.url ?? PAYPAL_PRODUCTION_URL,
      businessEmail: paypal.businessEmail,
      timeoutMs,
    });
  }
  if (cryptomus.merchantId && cryptomus.apiKey) {
    gateways.cryptomusgateway = new CryptomusGateway({
      baseUrl: cryptomus.url ?? CRYPTOMUS_PRODUCTION_URL,
      merchantId: cryptomus.merchantId,
      apiKey: cryptomus.apiKey,
      timeoutMs,
    });
  }
  if (bitpay.token) {
    gateways.bitpaycheckout = new BitpayGateway({
      baseUrl: bitpay.url ?? BITPAY_PRODUCTION_URL,
      token: bitpay.token,
      timeoutMs,
    });
  }
  return gateways;
}

/**
 * Where the pages post forms to, for the CSP's form-action: PayPal Standard's checkout is a form
 * the browser posts to PayPal (the sandbox's origin when it plays PayPal). Cryptomus and BitPay
 * are plain navigations and need nothing.
 */
export function gatewayFormTargets(payments: PaymentsConfig): string[] {
  if (!payments.paypal.businessEmail) return [];
  return [new URL(payments.paypal.url ?? PAYPAL_PRODUCTION_URL).origin];
}

import type { Credentials } from '@rackdesk/datacenter';
import type { PaymentsConfig } from '../config.ts';

type SandboxGateway = 'stripe' | 'paypal' | 'cryptomus' | 'bitpay';

/** The gateways whose credentials are not set: the simulator's sandbox plays them. */
export function unsetGateways(payments: PaymentsConfig): SandboxGateway[] {
  const unset: SandboxGateway[] = [];
  if (!payments.stripe.secretKey) unset.push('stripe');
  if (!payments.paypal.businessEmail) unset.push('paypal');
  if (!payments.cryptomus.merchantId || !payments.cryptomus.apiKey) unset.push('cryptomus');
  if (!payments.bitpay.token) unset.push('bitpay');
  return unset;
}

/** The payment settings with every unset gateway pointed at the sandbox, with its test credentials. */
export function withPaymentSandbox(
  payments: PaymentsConfig,
  url: string,
  credentials: Credentials,
): PaymentsConfig {
  const unset = new Set(unsetGateways(payments));
  return {
    ...payments,
    stripe: unset.has('stripe')
      ? {
          secretKey: credentials.stripe.secretKey,
          publishableKey: credentials.stripe.publishableKey,
          // A set STRIPE_WEBHOOK_SECRET is the one the sandbox signs with (see buildDatacenter's credentials).
          webhookSecret: payments.stripe.webhookSecret || credentials.stripe.webhookSecret,
          url,
        }
      : payments.stripe,
    paypal: unset.has('paypal') ? { businessEmail: credentials.paypal.businessEmail, url } : payments.paypal,
    cryptomus: unset.has('cryptomus') ? { ...credentials.cryptomus, url } : payments.cryptomus,
    bitpay: unset.has('bitpay') ? { token: credentials.bitpay.token, privateKey: '', url } : payments.bitpay,
  };
}

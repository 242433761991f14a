/**
 * The payment gateways of the billing system (portal spec §9) by module name, with the names the
 * invoice page shows (portal spec §2 Invoices). `stripe` is the default of a new account.
 */
export const PAYMENT_GATEWAYS = {
  stripe: 'Credit Card',
  paypal: 'PayPal',
  bitpaycheckout: 'Bitcoin or BitCash',
  cryptomusgateway: 'Cryptomus',
  mailin: 'Other CryptoCurrency',
} as const;
export type PaymentGateway = keyof typeof PAYMENT_GATEWAYS;

export const DEFAULT_PAYMENT_GATEWAY: PaymentGateway = 'stripe';

/** Whether `module` names one of the gateways. */
export const isPaymentGateway = (module: string): module is PaymentGateway =>
  Object.hasOwn(PAYMENT_GATEWAYS, module);

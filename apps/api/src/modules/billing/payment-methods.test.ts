import { describe, expect, it } from 'vitest';
import type { PaymentsConfig } from '../../config.ts';
import { paymentMethodsOf } from './payment-methods.ts';

const unset: PaymentsConfig = {
  stripe: { secretKey: '', publishableKey: '', webhookSecret: '', url: undefined },
  paypal: { businessEmail: '', url: undefined },
  cryptomus: { merchantId: '', apiKey: '', url: undefined },
  bitpay: { token: '', privateKey: '', url: undefined },
  callbackUrl: 'http://panel.test',
};

describe('payment methods', () => {
  it('offers nothing that is not configured', () => {
    expect(paymentMethodsOf(unset)).toEqual({ paymentmethod: [] });
  });

  it('offers each configured gateway under its display name, in the spec order', () => {
    const payments: PaymentsConfig = {
      ...unset,
      stripe: { ...unset.stripe, secretKey: 'sk_test_1' },
      paypal: { ...unset.paypal, businessEmail: 'billing@example.com' },
      cryptomus: { ...unset.cryptomus, merchantId: 'm', apiKey: 'k' },
      bitpay: { ...unset.bitpay, token: 't' },
    };
    expect(paymentMethodsOf(payments).paymentmethod).toEqual([
      { module: 'stripe', displayname: 'Credit Card' },
      { module: 'paypal', displayname: 'PayPal' },
      { module: 'bitpaycheckout', displayname: 'Bitcoin or BitCash' },
      { module: 'cryptomusgateway', displayname: 'Cryptomus' },
    ]);
  });

  it('needs both the Cryptomus merchant and its key', () => {
    const payments = { ...unset, cryptomus: { ...unset.cryptomus, merchantId: 'm' } };
    expect(paymentMethodsOf(payments).paymentmethod).toEqual([]);
  });
});

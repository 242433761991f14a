import { describe, expect, it } from 'vitest';
import { cryptomusSign, hasCryptomusSignature } from './cryptomus-sign.ts';

/*
 * Cryptomus documents the formula (md5(base64_encode(json_encode($data)) . $API_KEY)) and a
 * webhook's fields, but publishes no key with a signature. These vectors were computed apart from
 * this code, with coreutils: printf '%s%s' "$(printf '%s' "$JSON" | base64 -w0)" "$KEY" | md5sum.
 */
const KEY = 'a9cU2Lq4xNw7Pz1Rk5Ty8Vb3Hd6Gf0Js';
const webhook = {
  type: 'payment',
  uuid: '62f88b36-a9d5-4fa6-aa26-e040c3dbf26d',
  order_id: '97a75bf8eda5cca41ba9d2e104840fcd',
  amount: '3.00000000',
  payment_amount: '3.00000000',
  payment_amount_usd: '0.23',
  merchant_amount: '2.94000000',
  commission: '0.06000000',
  is_final: true,
  status: 'paid',
  from: 'THgEWubVc8tPKXLJ4VZ5zbiiAK7AgqSeGH',
  wallet_address_uuid: null,
  network: 'tron',
  currency: 'TRX',
  payer_currency: 'TRX',
  additional_data: 'https://shop.example/order/7',
  convert: { to_currency: 'USDT', commission: null, rate: '0.07700000', amount: '0.22638000' },
  txid: '6f0d9c8374db57cac0d806251473de754f361c83a03cd805f74aa9da3193486b',
};
const WEBHOOK_SIGN = '15115c74742e84d2fa85467977edffa6';

describe('the Cryptomus signature', () => {
  it('signs a request body as the documentation computes it', () => {
    expect(cryptomusSign('{"amount":"15","currency":"USD","order_id":"1"}', KEY)).toBe(
      '01ad8f0fbfd43dfd1f1db15d78b2a56f',
    );
  });

  it('accepts a webhook signed over its PHP-escaped JSON', () => {
    expect(hasCryptomusSignature({ ...webhook, sign: WEBHOOK_SIGN }, KEY)).toBe(true);
  });

  it('refuses a changed field, another key, and a missing or malformed sign', () => {
    expect(hasCryptomusSignature({ ...webhook, amount: '30.00000000', sign: WEBHOOK_SIGN }, KEY)).toBe(false);
    expect(hasCryptomusSignature({ ...webhook, sign: WEBHOOK_SIGN }, `${KEY}x`)).toBe(false);
    expect(hasCryptomusSignature(webhook, KEY)).toBe(false);
    expect(hasCryptomusSignature({ ...webhook, sign: WEBHOOK_SIGN.toUpperCase() }, KEY)).toBe(false);
    expect(hasCryptomusSignature({ ...webhook, sign: ['x'] }, KEY)).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import type { SimContext } from '../context.ts';

export const cryptomusStatuses = [
  'check',
  'confirm_check',
  'paid',
  'paid_over',
  'fail',
  'wrong_amount',
  'cancel',
  'system_fail',
] as const;
export type CryptomusStatus = (typeof cryptomusStatuses)[number];

export interface CryptomusPayment {
  uuid: string;
  orderId: string;
  /** As the merchant asked, e.g. '20.00'. */
  amount: string;
  currency: string;
  urlCallback: string | null;
  urlReturn: string | null;
  urlSuccess: string | null;
  additionalData: string | null;
  status: CryptomusStatus;
  paymentAmount: string | null;
  payerCurrency: string | null;
  txid: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface CryptomusState {
  payments: Record<string, CryptomusPayment>;
}

export const cryptomusState = (ctx: SimContext) =>
  ctx.store.section<CryptomusState>('cryptomus', () => ({ payments: {} }));

/** Cryptomus's signature: md5 of the base64 of the JSON text, followed by the payment API key. */
export const cryptomusSign = (json: string, apiKey: string) =>
  createHash('md5')
    .update(Buffer.from(json).toString('base64') + apiKey)
    .digest('hex');

/** JSON as PHP's json_encode writes it by default, slashes escaped: the text Cryptomus signs. */
export const phpJson = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/');

export const isFinal = (status: CryptomusStatus) => status !== 'check' && status !== 'confirm_check';

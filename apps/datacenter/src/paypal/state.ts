import type { SimContext } from '../context.ts';

/** A buyer's checkout, opened by the merchant's form post of `cmd=_xclick`. */
export interface PaypalCheckout {
  token: string;
  /** The form's fields as the browser posted them (a buyer can change them: merchants must check). */
  fields: Record<string, string>;
  status: 'open' | 'paid' | 'cancelled';
  txnId: string | null;
  createdAt: number;
}

export interface PaypalState {
  checkouts: Record<string, PaypalCheckout>;
  /** Every IPN sent, by txn_id, exactly as sent: `_notify-validate` answers VERIFIED only for these. */
  ipns: Record<string, string>;
}

export const paypalState = (ctx: SimContext) =>
  ctx.store.section<PaypalState>('paypal', () => ({ checkouts: {}, ipns: {} }));

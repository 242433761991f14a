import { parseAmountCents } from '../gateway-amount.ts';

/** The IPN fields the panel acts on, read from the form body PayPal posts. */
export interface PaypalIpn {
  txnId: string;
  paymentStatus: string;
  receiverEmail: string;
  /** Our checkout reference, sent as `custom`. */
  custom: string;
  invoice: string;
  grossCents: number | undefined;
  feeCents: number | undefined;
  currency: string;
}

/**
 * Reads an IPN (`application/x-www-form-urlencoded`). Field names are PayPal's; a repeated field
 * makes the IPN unreadable rather than letting one copy win, since PayPal never repeats one.
 */
export function parsePaypalIpn(rawBody: string): PaypalIpn | undefined {
  const params = new URLSearchParams(rawBody);
  const keys = [...params.keys()];
  if (keys.length === 0 || new Set(keys).size !== keys.length) return undefined;
  const field = (name: string) => params.get(name) ?? '';
  const txnId = field('txn_id');
  if (!txnId) return undefined;
  return {
    txnId,
    paymentStatus: field('payment_status'),
    receiverEmail: field('receiver_email'),
    custom: field('custom'),
    invoice: field('invoice'),
    grossCents: parseAmountCents(field('mc_gross')),
    feeCents: parseAmountCents(field('mc_fee')),
    currency: field('mc_currency'),
  };
}

import type { PaymentGateway as GatewayModule, ProfileField } from '@rackdesk/contract';

/** Who pays: the account's contact details (profile fields and e-mail), for the gateways that take them. */
export type Payer = Record<ProfileField, string> & { email: string };

/** A payment the server asks a gateway for: everything computed from the invoice, nothing from the browser. */
export interface CheckoutOrder {
  invoiceId: number;
  /** Our reference of this checkout, unique per gateway; gateways echo it in their callbacks. */
  reference: string;
  amountCents: number;
  /** Part of `amountCents` that is tax, for the gateways that show it apart. */
  taxCents: number;
  currency: 'USD';
  description: string;
  payer: Payer;
  /** Where the buyer lands after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Where the gateway sends its callback. */
  notifyUrl: string;
}

/** Where the browser goes next: a page to open, or a form to post (PayPal Standard). */
export type CheckoutStart = {
  /** The gateway's id of the payment (Cryptomus uuid, BitPay invoice id; our reference for PayPal). */
  externalId: string;
} & ({ kind: 'redirect'; url: string } | { kind: 'form'; action: string; fields: Record<string, string> });

/** A callback's payment, once the gateway has vouched for it (signature, post-back or re-fetch). */
export interface ConfirmedPayment {
  /** The gateway's id of the payment, as in CheckoutStart. */
  externalId: string;
  /** The gateway's id of the money movement: unique per gateway. */
  transId: string;
  amountCents: number;
  currency: string;
  feesCents?: number;
}

export type CallbackVerdict =
  | { kind: 'paid'; payment: ConfirmedPayment }
  /** Genuine, but not a completed payment (pending, cancelled, expired…): nothing to record. */
  | {
      kind: 'not-paid';
      externalId: string | undefined;
      status: string;
      /** Whether that payment can no longer be paid (cancelled, expired, failed): start a new one. */
      closed: boolean;
    }
  /** Not from the gateway, or not about what we asked: nothing changes. */
  | { kind: 'rejected'; reason: string };

export type RefundResult = { kind: 'refunded'; transId: string } | { kind: 'unsupported'; reason: string };

/**
 * One payment provider behind the billing screens: start a checkout, tell whether a callback
 * really reports a payment, and refund. Adapters speak the provider's documented API; what they
 * report is checked against what the server asked for (gateway_payments) before money moves.
 */
export interface PaymentGateway {
  readonly module: GatewayModule;
  /** The name shown to people, as on the invoice page. */
  readonly displayName: string;
  /** Whether it may be used without the profile details of non-crypto payments (portal spec §6). */
  readonly isCrypto: boolean;
  createCheckout(order: CheckoutOrder): Promise<CheckoutStart>;
  /** Verifies a callback from its raw body; throws only when the provider could not be asked. */
  verifyCallback(rawBody: string): Promise<CallbackVerdict>;
  refund(payment: { externalId: string; transId: string; amountCents: number }): Promise<RefundResult>;
}

/** A payment of an invoice's balance to start at a gateway; amounts come from the server only. */
export interface CheckoutRequest {
  invoiceId: number;
  userId: number;
  amountCents: number;
  currency: 'USD';
}

/** A payment started at a gateway: its id there and what the browser needs to go on. */
export interface Checkout {
  externalId: string;
  amountCents: number;
  currency: 'USD';
  details: Record<string, unknown>;
}

/** What a verified callback says happened at the gateway. */
export type CallbackOutcome =
  | {
      kind: 'paid';
      /** The gateway's id of the payment started with createCheckout. */
      externalId: string;
      /** The id of the money movement, unique per gateway (transactions.trans_id). */
      transId: string;
      amountCents: number;
      currency: string;
      /** Our own id of the payment, when the gateway carries it back (started before its id was known). */
      reference?: string | undefined;
    }
  | { kind: 'failed'; externalId: string; reference?: string | undefined }
  | { kind: 'refunded'; paymentTransId: string }
  | { kind: 'ignored' };

/** A callback whose signature (or re-fetch) did not check out: answered 400, nothing changes. */
export class CallbackRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CallbackRejected';
  }
}

/**
 * The card gateway's side of the same idea (Stripe), shaped by payment intents and refunds: to be
 * folded into PaymentGateway above. One payment gateway (portal spec §9), each a client of the provider's documented API. Minimal
 * on purpose: start a payment, verify what the gateway reports back, give money back.
 */
export interface PaymentGatewayAdapter {
  readonly module: GatewayModule;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks a callback on its raw body; throws CallbackRejected when it is not the gateway's. */
  verifyCallback(callback: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<CallbackOutcome>;
  /** Returns `amountCents` (all when omitted) of a recorded payment; the gateway's callback records it. */
  refund(payment: { transId: string; amountCents?: number }): Promise<{ refundId: string }>;
}

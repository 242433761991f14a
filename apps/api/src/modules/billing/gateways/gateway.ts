import type { PaymentGateway } from '@rackdesk/contract';

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
 * One payment gateway (portal spec §9), each a client of the provider's documented API. Minimal
 * on purpose: start a payment, verify what the gateway reports back, give money back.
 */
export interface PaymentGatewayAdapter {
  readonly module: PaymentGateway;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks a callback on its raw body; throws CallbackRejected when it is not the gateway's. */
  verifyCallback(callback: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<CallbackOutcome>;
  /** Returns `amountCents` (all when omitted) of a recorded payment; the gateway's callback records it. */
  refund(payment: { transId: string; amountCents?: number }): Promise<{ refundId: string }>;
}

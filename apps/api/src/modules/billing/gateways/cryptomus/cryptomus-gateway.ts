import { GATEWAY_TEXT, PAYMENT_GATEWAYS } from '@rackdesk/contract';
import { centsToAmount } from '../../../../lib/dates.ts';
import { UpstreamError } from '../../../../providers/upstream-error.ts';
import { parseAmountCents } from '../gateway-amount.ts';
import type {
  CallbackVerdict,
  CheckoutOrder,
  CheckoutStart,
  PaymentGateway,
  RefundResult,
} from '../gateway.ts';
import { cryptomusSign, hasCryptomusSignature } from './cryptomus-sign.ts';

export const CRYPTOMUS_PRODUCTION_URL = 'https://api.cryptomus.com';

export interface CryptomusOptions {
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  timeoutMs: number;
}

const PAID = new Set(['paid', 'paid_over']);
/** Statuses after which the payment cannot be paid any more. */
const CLOSED = new Set(['fail', 'cancel', 'system_fail', 'wrong_amount']);

/**
 * Cryptomus payments: a signed `POST /v1/payment` gives the checkout url; the webhook is believed
 * only with a valid `sign`, and credits only for `paid` or `paid_over`.
 */
export class CryptomusGateway implements PaymentGateway {
  readonly module = 'cryptomusgateway' as const;
  readonly displayName = PAYMENT_GATEWAYS.cryptomusgateway;
  readonly isCrypto = true;
  readonly #options: CryptomusOptions;

  constructor(options: CryptomusOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/$/, '') };
  }

  async createCheckout(order: CheckoutOrder): Promise<CheckoutStart> {
    const body = JSON.stringify({
      amount: centsToAmount(order.amountCents),
      currency: order.currency,
      order_id: order.reference,
      url_callback: order.notifyUrl,
      url_return: order.cancelUrl,
      url_success: order.successUrl,
      additional_data: order.description,
    });
    const answer = await this.#call('/v1/payment', body);
    const result = (answer as { result?: { uuid?: unknown; url?: unknown } }).result;
    if (typeof result?.uuid !== 'string' || typeof result.url !== 'string') {
      throw new UpstreamError(
        'cryptomus',
        502,
        `payment: ${JSON.stringify(answer).slice(0, 200)}`,
        GATEWAY_TEXT.providerFailed,
      );
    }
    return { kind: 'redirect', externalId: result.uuid, url: result.url };
  }

  async verifyCallback(rawBody: string): Promise<CallbackVerdict> {
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { kind: 'rejected', reason: 'not JSON' };
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return { kind: 'rejected', reason: 'not an object' };
    const webhook = body as Record<string, unknown>;
    if (!hasCryptomusSignature(webhook, this.#options.apiKey))
      return { kind: 'rejected', reason: 'bad signature' };
    const { uuid, status, amount, currency } = webhook;
    if (typeof uuid !== 'string' || typeof status !== 'string')
      return { kind: 'rejected', reason: 'incomplete' };
    if (!PAID.has(status)) return { kind: 'not-paid', externalId: uuid, status, closed: CLOSED.has(status) };
    const amountCents = parseAmountCents(amount);
    if (amountCents === undefined || typeof currency !== 'string')
      return { kind: 'rejected', reason: 'bad amount' };
    // One payment pays once: its uuid is the transaction.
    return { kind: 'paid', payment: { externalId: uuid, transId: uuid, amountCents, currency } };
  }

  async refund(): Promise<RefundResult> {
    return {
      kind: 'unsupported',
      reason: "A Cryptomus refund needs the payer's wallet address: refund from the Cryptomus account.",
    };
  }

  async #call(path: string, body: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.#options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          merchant: this.#options.merchantId,
          sign: cryptomusSign(body, this.#options.apiKey),
        },
        body,
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (error) {
      throw new UpstreamError(
        'cryptomus',
        502,
        `${path}: ${(error as Error).message}`,
        GATEWAY_TEXT.providerFailed,
      );
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = text;
    }
    if (!response.ok || (answer as { state?: unknown }).state !== 0) {
      throw new UpstreamError(
        'cryptomus',
        502,
        `${path} answered ${response.status}: ${text.slice(0, 200)}`,
        GATEWAY_TEXT.providerFailed,
      );
    }
    return answer;
  }
}

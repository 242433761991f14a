import { centsToAmount } from '../../../../lib/dates.ts';
import { UpstreamError } from '../../../../providers/upstream-error.ts';
import { GATEWAY_TEXT, PAYMENT_GATEWAYS } from '@rackdesk/contract';
import type {
  CallbackVerdict,
  CheckoutOrder,
  CheckoutStart,
  PaymentGateway,
  RefundResult,
} from '../gateway.ts';
import { parsePaypalIpn } from './paypal-ipn.ts';

export const PAYPAL_PRODUCTION_URL = 'https://www.paypal.com';

export interface PaypalStandardOptions {
  /** PayPal's site (production, or the simulator's sandbox). */
  baseUrl: string;
  /** The business account that receives payments. */
  businessEmail: string;
  timeoutMs: number;
}

/**
 * PayPal Standard (portal spec §7): the browser posts a form to PayPal, and PayPal's IPN reports
 * the payment. An IPN is believed only after PayPal answers VERIFIED to it sent back unchanged,
 * and only for a completed payment to our own business account.
 */
export class PaypalStandard implements PaymentGateway {
  readonly module = 'paypal' as const;
  readonly displayName = PAYMENT_GATEWAYS.paypal;
  readonly isCrypto = false;
  readonly #options: PaypalStandardOptions;

  constructor(options: PaypalStandardOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/$/, '') };
  }

  async createCheckout(order: CheckoutOrder): Promise<CheckoutStart> {
    // PayPal charges amount + tax: the two add up to the balance.
    const taxCents = order.taxCents < order.amountCents ? order.taxCents : 0;
    const { payer } = order;
    return {
      kind: 'form',
      externalId: order.reference,
      action: `${this.#options.baseUrl}/cgi-bin/webscr`,
      fields: {
        cmd: '_xclick',
        business: this.#options.businessEmail,
        item_name: order.description,
        invoice: String(order.invoiceId),
        custom: order.reference,
        amount: centsToAmount(order.amountCents - taxCents),
        tax: centsToAmount(taxCents),
        currency_code: order.currency,
        no_shipping: '1',
        no_note: '1',
        charset: 'utf-8',
        rm: '2',
        return: order.successUrl,
        cancel_return: order.cancelUrl,
        notify_url: order.notifyUrl,
        first_name: payer.firstname,
        last_name: payer.lastname,
        email: payer.email,
        address1: payer.address1,
        address2: payer.address2,
        city: payer.city,
        state: payer.state,
        zip: payer.postcode,
        country: payer.country,
        night_phone_b: payer.phonenumber.replace(/\D/g, ''),
      },
    };
  }

  async verifyCallback(rawBody: string): Promise<CallbackVerdict> {
    const ipn = parsePaypalIpn(rawBody);
    if (!ipn) return { kind: 'rejected', reason: 'unreadable IPN' };
    if ((await this.#postBack(rawBody)) !== 'VERIFIED')
      return { kind: 'rejected', reason: 'IPN not verified' };
    if (ipn.receiverEmail.toLowerCase() !== this.#options.businessEmail.toLowerCase()) {
      return { kind: 'rejected', reason: 'another receiver' };
    }
    if (ipn.paymentStatus !== 'Completed') {
      const closed = ['Denied', 'Failed', 'Expired', 'Voided'].includes(ipn.paymentStatus);
      return { kind: 'not-paid', externalId: ipn.custom, status: ipn.paymentStatus, closed };
    }
    if (ipn.grossCents === undefined) return { kind: 'rejected', reason: 'unreadable amount' };
    return {
      kind: 'paid',
      payment: {
        externalId: ipn.custom,
        transId: ipn.txnId,
        amountCents: ipn.grossCents,
        currency: ipn.currency,
        ...(ipn.feeCents === undefined ? {} : { feesCents: ipn.feeCents }),
      },
    };
  }

  async refund(): Promise<RefundResult> {
    return {
      kind: 'unsupported',
      reason: 'PayPal Standard has no refund call: refund in the PayPal account; its IPN reports it.',
    };
  }

  /** PayPal's answer to the IPN sent back byte for byte after `cmd=_notify-validate&`. */
  async #postBack(rawBody: string): Promise<string> {
    try {
      const response = await fetch(`${this.#options.baseUrl}/cgi-bin/webscr`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'Rackdesk-IPN-Verification',
        },
        body: `cmd=_notify-validate&${rawBody}`,
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      if (response.status >= 500) throw new Error(`answered ${response.status}`);
      return (await response.text()).trim();
    } catch (error) {
      throw new UpstreamError(
        'paypal',
        502,
        `IPN verification: ${(error as Error).message}`,
        GATEWAY_TEXT.providerFailed,
      );
    }
  }
}

import { GATEWAY_TEXT, PAYMENT_GATEWAYS } from '@rackdesk/contract';
import { Client, Env, Models, TokenContainer } from 'bitpay-sdk';
import { BitPayClient } from 'bitpay-sdk/client';
import { UpstreamError } from '../../../../providers/upstream-error.ts';
import { parseAmountCents } from '../gateway-amount.ts';
import type {
  CallbackVerdict,
  CheckoutOrder,
  CheckoutStart,
  PaymentGateway,
  RefundResult,
} from '../gateway.ts';

export const BITPAY_PRODUCTION_URL = Env.ProdUrl;

export interface BitpayOptions {
  /** BitPay's API (production, test.bitpay.com, or the simulator's sandbox). */
  baseUrl: string;
  /** The POS facade's token. */
  token: string;
  timeoutMs: number;
}

const PAID = new Set(['confirmed', 'complete']);
const CLOSED = new Set(['expired', 'invalid']);

/**
 * BitPay invoices through `bitpay-sdk`'s POS client, pointed at the configured host by the SDK's
 * own client argument. IPNs are not signed: an IPN only names an invoice, which is fetched from
 * BitPay again, and only what BitPay answers then counts.
 */
export class BitpayGateway implements PaymentGateway {
  readonly module = 'bitpaycheckout' as const;
  readonly displayName = PAYMENT_GATEWAYS.bitpaycheckout;
  readonly isCrypto = true;
  readonly #client: Client;
  readonly #timeoutMs: number;

  constructor(options: BitpayOptions) {
    const tokens = new TokenContainer();
    tokens.addPos(options.token);
    const baseUrl = `${options.baseUrl.replace(/\/$/, '')}/`;
    this.#client = new Client(
      null,
      null,
      tokens,
      null,
      undefined,
      undefined,
      new BitPayClient(baseUrl, null, null),
    );
    this.#timeoutMs = options.timeoutMs;
  }

  async createCheckout(order: CheckoutOrder): Promise<CheckoutStart> {
    const invoice = new Models.Invoice(order.amountCents / 100, order.currency);
    invoice.orderId = String(order.invoiceId);
    invoice.posData = order.reference;
    invoice.itemDesc = order.description;
    invoice.notificationURL = order.notifyUrl;
    invoice.redirectURL = order.successUrl;
    invoice.closeURL = order.cancelUrl;
    const { payer } = order;
    invoice.buyer = {
      name: `${payer.firstname} ${payer.lastname}`.trim(),
      email: payer.email,
      address1: payer.address1,
      address2: payer.address2,
      locality: payer.city,
      region: payer.state,
      postalCode: payer.postcode,
      country: payer.country,
      phone: payer.phonenumber,
      notify: false,
    };
    const created = await this.#ask('create invoice', () => this.#client.createInvoice(invoice));
    if (!created.id || !created.url) {
      throw new UpstreamError('bitpay', 502, 'invoice without id or url', GATEWAY_TEXT.providerFailed);
    }
    return { kind: 'redirect', externalId: created.id, url: created.url };
  }

  async verifyCallback(rawBody: string): Promise<CallbackVerdict> {
    const id = invoiceIdOf(rawBody);
    if (!id) return { kind: 'rejected', reason: 'no invoice id' };
    let invoice: Models.InvoiceInterface;
    try {
      invoice = await this.#ask('get invoice', () => this.#client.getInvoice(id));
    } catch (error) {
      // An id BitPay does not know is a forged IPN; anything else BitPay will resend.
      if (/not found/i.test((error as UpstreamError).detail ?? ''))
        return { kind: 'rejected', reason: 'unknown invoice' };
      throw error;
    }
    const status = invoice.status ?? '';
    if (invoice.id !== id) return { kind: 'rejected', reason: 'another invoice' };
    if (!PAID.has(status)) return { kind: 'not-paid', externalId: id, status, closed: CLOSED.has(status) };
    const amountCents = parseAmountCents(invoice.price);
    if (amountCents === undefined) return { kind: 'rejected', reason: 'bad amount' };
    return {
      kind: 'paid',
      payment: { externalId: id, transId: id, amountCents, currency: invoice.currency },
    };
  }

  async refund(): Promise<RefundResult> {
    return {
      kind: 'unsupported',
      reason: 'BitPay refunds need the merchant facade (a signed client): refund from the BitPay account.',
    };
  }

  /** One SDK call, bounded in time (the SDK sets no timeout), its failures as a provider error. */
  async #ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), this.#timeoutMs);
    });
    try {
      return await Promise.race([call(), timeout]);
    } catch (error) {
      throw new UpstreamError(
        'bitpay',
        502,
        `${what}: ${(error as Error).message}`,
        GATEWAY_TEXT.providerFailed,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The invoice an IPN names: `{data: {id}}` (current format) or `{id}` (older one). */
function invoiceIdOf(rawBody: string): string | undefined {
  try {
    const body = JSON.parse(rawBody) as { id?: unknown; data?: { id?: unknown } };
    const id = body?.data?.id ?? body?.id;
    return typeof id === 'string' && /^[A-Za-z0-9]{1,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

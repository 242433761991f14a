import { CARD_TYPES } from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { PaymentsConfig } from '../../../config.ts';
import { UpstreamError } from '../../../providers/upstream-error.ts';
import {
  type CallbackOutcome,
  CallbackRejected,
  type Checkout,
  type CheckoutRequest,
  type PaymentGatewayAdapter,
} from '../gateways/gateway.ts';

/** Stripe.js of the release train the pinned `@stripe/stripe-js` loader expects. */
export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';
/** Where the datacenter simulator's payment sandbox serves its stand-in Stripe.js. */
const SANDBOX_JS_PATH = '/stripe/v3/stripe.js';
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';
const WEBHOOK_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'];

/**
 * What the pages load of Stripe, for the CSP: Stripe.js, its frames (3-D Secure) and the API it
 * calls; the sandbox's origin when Stripe is played locally; nothing when cards are off.
 */
export function stripeBrowserSources(config: PaymentsConfig['stripe']) {
  if (!config.secretKey) return { script: [], frame: [], connect: [] };
  if (config.url) {
    const origin = new URL(config.url).origin;
    return { script: [origin], frame: [origin], connect: [origin] };
  }
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
}

const ProviderText = {
  unavailable: 'The card payment provider is not responding. Please try again in a few minutes.',
} as const;

/** A saved card as Stripe describes it, in our words. */
export interface CardDetails {
  methodId: string;
  cardType: string;
  lastFour: string;
  expiryMonth: number;
  expiryYear: number;
}

/** A payment intent, in our words. */
export interface IntentView {
  id: string;
  status: Stripe.PaymentIntent.Status;
  clientSecret: string;
  amountCents: number;
  amountReceivedCents: number;
  currency: string;
  customerId: string | null;
  /** From the intent's metadata, which the server wrote. */
  invoiceId: number | undefined;
  chargeId: string | undefined;
  /** Our payment reference from the metadata (the claim of an off-session payment). */
  reference: string | undefined;
  /** Why the last attempt failed, in the provider's words. */
  failure: string | undefined;
}

export interface SetupView {
  customerId: string | null;
  succeeded: boolean;
  card: CardDetails | undefined;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const cardTypeOf = (brand: string) =>
  CARD_TYPES[brand as keyof typeof CARD_TYPES] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

function cardOf(method: Stripe.PaymentMethod): CardDetails | undefined {
  if (!method.card) return undefined;
  return {
    methodId: method.id,
    cardType: cardTypeOf(method.card.brand),
    lastFour: method.card.last4,
    expiryMonth: method.card.exp_month,
    expiryYear: method.card.exp_year,
  };
}

function intentOf(intent: Stripe.PaymentIntent): IntentView {
  const invoiceId = Number(intent.metadata?.invoice_id);
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    customerId: idOf(intent.customer) ?? null,
    invoiceId: Number.isSafeInteger(invoiceId) && invoiceId > 0 ? invoiceId : undefined,
    chargeId: idOf(intent.latest_charge),
    reference: intent.metadata?.payment_ref || undefined,
    failure: intent.last_payment_error?.message ?? undefined,
  };
}

/**
 * The card gateway: a client of Stripe's API through the official SDK (the datacenter simulator's
 * sandbox in demos and tests, Stripe itself with real keys). Vendor shapes stay in this file;
 * transport and API failures become a 502 with a message the page can show.
 */
export class StripeGateway implements PaymentGatewayAdapter {
  readonly module = 'stripe' as const;
  readonly #client: Stripe | undefined;

  constructor(
    private readonly config: PaymentsConfig['stripe'],
    private readonly log: FastifyBaseLogger,
  ) {
    if (!config.secretKey) return;
    const url = config.url ? new URL(config.url) : undefined;
    this.#client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url && {
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  get isConfigured(): boolean {
    return this.#client !== undefined;
  }

  /** What the browser loads: the sandbox's stand-in Stripe.js when Stripe is played locally. */
  browserConfig(): { publishable_key: string; js_url: string } {
    return {
      publishable_key: this.config.publishableKey,
      js_url: this.config.url ? `${this.config.url.replace(/\/$/, '')}${SANDBOX_JS_PATH}` : STRIPE_JS_URL,
    };
  }

  get #stripe(): Stripe {
    if (!this.#client)
      throw new UpstreamError('stripe', 502, 'STRIPE_SECRET_KEY is not set', ProviderText.unavailable);
    return this.#client;
  }

  /** Runs one call, turning the provider's failures into a 502 (card errors are the caller's). */
  async #call<T>(what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await run(this.#stripe);
    } catch (error) {
      if (error instanceof UpstreamError || error instanceof Stripe.errors.StripeCardError) throw error;
      const detail = `${what}: ${(error as Error).message}`;
      throw new UpstreamError('stripe', 502, detail, ProviderText.unavailable);
    }
  }

  /** A new customer for an account; the idempotency key makes a retried or raced call one customer. */
  createCustomer(account: { id: number; email: string; name: string }): Promise<string> {
    return this.#call('create customer', async (stripe) => {
      const customer = await stripe.customers.create(
        { email: account.email, name: account.name || undefined, metadata: { user_id: String(account.id) } },
        { idempotencyKey: `rackdesk-customer-${account.id}` },
      );
      return customer.id;
    });
  }

  createSetupIntent(customerId: string, userId: number): Promise<string> {
    return this.#call('create setup intent', async (stripe) => {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        metadata: { user_id: String(userId) },
      });
      if (!intent.client_secret) throw new Error('setup intent without client secret');
      return intent.client_secret;
    });
  }

  /**
   * Saves a card for a customer in one call, without a browser: a setup intent confirmed with a
   * payment method the server may name itself (a test-mode id such as `pm_card_visa`, for the demo).
   */
  saveCardFor(customerId: string, userId: number, methodId: string): Promise<CardDetails> {
    return this.#call('save card', async (stripe) => {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        payment_method: methodId,
        confirm: true,
        usage: 'off_session',
        metadata: { user_id: String(userId) },
        expand: ['payment_method'],
      });
      const method = intent.payment_method;
      const card = method && typeof method === 'object' ? cardOf(method) : undefined;
      if (intent.status !== 'succeeded' || !card)
        throw new Error(`setup intent ${intent.id} is ${intent.status}`);
      return card;
    });
  }

  /** A setup intent, or undefined when Stripe does not know it. */
  retrieveSetupIntent(id: string): Promise<SetupView | undefined> {
    return this.#call('retrieve setup intent', async (stripe) => {
      try {
        const intent = await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
        const method = intent.payment_method;
        return {
          customerId: idOf(intent.customer) ?? null,
          succeeded: intent.status === 'succeeded',
          card: method && typeof method === 'object' ? cardOf(method) : undefined,
        };
      } catch (error) {
        if ((error as Stripe.errors.StripeError).code === 'resource_missing') return undefined;
        throw error;
      }
    });
  }

  /** Detaches a saved card; one Stripe no longer holds (or holds detached) is detached already. */
  detachCard(methodId: string): Promise<void> {
    return this.#call('detach payment method', async (stripe) => {
      try {
        await stripe.paymentMethods.detach(methodId);
      } catch (error) {
        const code = (error as Stripe.errors.StripeError).code;
        if (code !== 'resource_missing' && code !== 'payment_method_unexpected_state') throw error;
      }
    });
  }

  setDefaultCard(customerId: string, methodId: string | null): Promise<void> {
    return this.#call('update customer', async (stripe) => {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: methodId ?? '' },
      });
    });
  }

  /** A payment intent for the browser to confirm (with a saved card when `methodId` is given). */
  async createCheckout(
    request: CheckoutRequest & { customerId?: string | undefined; methodId?: string | undefined },
  ): Promise<Checkout> {
    const intent = await this.#call('create payment intent', (stripe) =>
      stripe.paymentIntents.create({
        amount: request.amountCents,
        currency: request.currency.toLowerCase(),
        ...(request.customerId && { customer: request.customerId }),
        ...(request.methodId && { payment_method: request.methodId }),
        allowed_payment_method_types: ['card'],
        description: `Invoice #${request.invoiceId}`,
        metadata: { invoice_id: String(request.invoiceId), user_id: String(request.userId) },
      }),
    );
    return {
      externalId: intent.id,
      amountCents: intent.amount,
      currency: 'USD',
      details: { client_secret: intent.client_secret },
    };
  }

  /**
   * Charges a saved card now, the customer not present (confirmed off session). A declined card
   * is an intent with its `failure`, not an error.
   */
  chargeSavedCard(
    request: CheckoutRequest & { customerId: string; methodId: string; reference: string },
  ): Promise<IntentView> {
    return this.#call('charge saved card', async (stripe) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.methodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: true,
            description: `Invoice #${request.invoiceId}`,
            metadata: {
              invoice_id: String(request.invoiceId),
              user_id: String(request.userId),
              payment_ref: request.reference,
            },
          },
          { idempotencyKey: request.reference },
        );
        return intentOf(intent);
      } catch (error) {
        const intent = (error as Stripe.errors.StripeCardError).payment_intent;
        if (error instanceof Stripe.errors.StripeCardError && intent) {
          return { ...intentOf(intent), failure: error.message };
        }
        throw error;
      }
    });
  }

  /** A payment intent, or undefined when Stripe does not know it. */
  retrievePaymentIntent(id: string): Promise<IntentView | undefined> {
    return this.#call('retrieve payment intent', async (stripe) => {
      try {
        return intentOf(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if ((error as Stripe.errors.StripeError).code === 'resource_missing') return undefined;
        throw error;
      }
    });
  }

  refund(payment: { transId: string; amountCents?: number }): Promise<{ refundId: string }> {
    return this.#call('create refund', async (stripe) => {
      const refund = await stripe.refunds.create({
        charge: payment.transId,
        ...(payment.amountCents !== undefined && { amount: payment.amountCents }),
      });
      return { refundId: refund.id };
    });
  }

  /** The succeeded refunds of a charge (a `charge.refunded` event names the charge, not the refund). */
  listRefunds(chargeId: string): Promise<{ id: string; amountCents: number; currency: string }[]> {
    return this.#call('list refunds', async (stripe) => {
      const refunds: { id: string; amountCents: number; currency: string }[] = [];
      for await (const refund of stripe.refunds.list({ charge: chargeId, limit: 100 })) {
        if (refund.status === 'succeeded')
          refunds.push({ id: refund.id, amountCents: refund.amount, currency: refund.currency });
      }
      return refunds;
    });
  }

  /**
   * Checks a webhook's `Stripe-Signature` on the raw body with the webhook secret (Stripe's scheme,
   * 300 s tolerance) and says what it reports. Anything unsigned, badly signed or old is refused.
   */
  async verifyCallback(callback: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<CallbackOutcome> {
    const signature = callback.headers['stripe-signature'];
    if (!this.config.webhookSecret) throw new CallbackRejected('STRIPE_WEBHOOK_SECRET is not set');
    if (typeof signature !== 'string') throw new CallbackRejected('no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(callback.rawBody, signature, this.config.webhookSecret);
    } catch (error) {
      throw new CallbackRejected((error as Error).message);
    }
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = intentOf(event.data.object);
        if (!intent.chargeId) return { kind: 'ignored' };
        return {
          kind: 'paid',
          externalId: intent.id,
          transId: intent.chargeId,
          amountCents: intent.amountReceivedCents,
          currency: intent.currency,
          reference: intent.reference,
        };
      }
      case 'payment_intent.payment_failed':
        return {
          kind: 'failed',
          externalId: event.data.object.id,
          reference: intentOf(event.data.object).reference,
        };
      case 'charge.refunded':
        return { kind: 'refunded', paymentTransId: event.data.object.id };
      default:
        return { kind: 'ignored' };
    }
  }

  /**
   * Registers the panel's webhook URL with the sandbox, once (an endpoint with this URL is kept).
   * Only for the simulator's sandbox: with real keys the endpoint is set up in Stripe's dashboard.
   */
  async registerSandboxWebhook(callbackBaseUrl: string): Promise<void> {
    if (!this.config.url || !this.#client) return;
    const url = `${callbackBaseUrl}${STRIPE_WEBHOOK_PATH}`;
    try {
      const existing = await this.#client.webhookEndpoints.list({ limit: 100 });
      if (existing.data.some((endpoint) => endpoint.url === url)) return;
      await this.#client.webhookEndpoints.create({
        url,
        enabled_events: WEBHOOK_EVENTS as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
        description: 'Rackdesk panel',
      });
    } catch (error) {
      this.log.warn({ err: error }, 'could not register the Stripe webhook with the payment sandbox');
    }
  }
}

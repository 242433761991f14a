import type { SimContext } from '../context.ts';
import type { CardBehaviour } from './test-cards.ts';

type Metadata = Record<string, string>;

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  billing_details: { name: string | null; email: string | null };
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: 'US';
    fingerprint: string;
  };
  metadata: Metadata;
  livemode: false;
}

type ErrorDetails = Record<string, unknown>;

interface NextAction {
  type: 'use_stripe_sdk' | 'redirect_to_url';
  use_stripe_sdk?: { type: 'three_d_secure_redirect'; stripe_js: string };
  redirect_to_url?: { url: string; return_url: string | null };
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
  next_action: NextAction | null;
  last_setup_error: ErrorDetails | null;
  metadata: Metadata;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  client_secret: string;
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: 'off_session' | 'on_session' | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  next_action: NextAction | null;
  last_payment_error: ErrorDetails | null;
  latest_charge: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  metadata: Metadata;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  created: number;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number };
  };
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  created: number;
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Metadata;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  created: number;
  url: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  description: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

/** A webhook delivery still to make: retried with a growing delay until the endpoint says 2xx. */
export interface Delivery {
  eventId: string;
  endpointId: string;
  attempts: number;
  /** Real time (ms): deliveries go to a real panel, whose clock the simulated one does not move. */
  nextAttemptAt: number;
  lastError: string | null;
}

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: number;
}

export interface StripeState {
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  /** Never shown: how each payment method's test card behaves, and if it was set up with 3-D Secure. */
  cardBehaviour: Record<string, { behaviour: CardBehaviour; authenticated: boolean }>;
  setupIntents: Record<string, SetupIntent>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  webhookEndpoints: Record<string, WebhookEndpoint>;
  events: Record<string, StripeEvent>;
  deliveries: Delivery[];
  idempotency: Record<string, IdempotentAnswer>;
}

export const stripeState = (ctx: SimContext): StripeState =>
  ctx.store.section<StripeState>('stripe', () => ({
    customers: {},
    paymentMethods: {},
    cardBehaviour: {},
    setupIntents: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    webhookEndpoints: {},
    events: {},
    deliveries: [],
    idempotency: {},
  }));

import type { FastifyInstance } from 'fastify';
import { type Call, listOf, stripeRoute } from './api.ts';
import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  confirmSetupIntent,
  createPaymentIntent,
  createSetupIntent,
  intentByClientSecret,
} from './intents.ts';
import type { Params } from './params.ts';
import { attachPaymentMethod, createPaymentMethod, detachPaymentMethod } from './payment-methods.ts';
import { createRefund } from './refunds.ts';
import type { Sandbox } from './sandbox.ts';
import type { Customer, WebhookEndpoint } from './state.ts';

const newestFirst = <T>(record: Record<string, T>) => Object.values(record).reverse();

/** The `/v1` routes of the Stripe sandbox: the subset of Stripe's API the panel and Stripe.js use. */
export function registerStripeApi(app: FastifyInstance, sandbox: Sandbox, webhookSecret: string): void {
  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: (call: Call) => unknown) =>
    stripeRoute(app, sandbox, method, url, {}, handler);
  /** Also for Stripe.js with the publishable key, which must then name the intent's client secret. */
  const browserRoute = (method: 'GET' | 'POST', url: string, handler: (call: Call) => unknown) =>
    stripeRoute(app, sandbox, method, url, { publishable: true }, handler);
  const intentFor = (call: Call, kind: 'paymentIntents' | 'setupIntents') => {
    const id = call.path.id!;
    if (call.key === 'publishable') {
      const intent = intentByClientSecret(sandbox, id, call.params.string('client_secret'));
      if (intent.object !== (kind === 'paymentIntents' ? 'payment_intent' : 'setup_intent')) {
        throw StripeError.missing(kind === 'paymentIntents' ? 'payment_intent' : 'setup_intent', id);
      }
      return intent;
    }
    return sandbox.find(kind, id, kind === 'paymentIntents' ? 'payment_intent' : 'setup_intent');
  };

  // ---- customers
  route('POST', '/v1/customers', ({ params }) => {
    const customer: Customer = {
      id: stripeId('cus', 14),
      object: 'customer',
      created: sandbox.now(),
      email: params.string('email') ?? null,
      name: params.string('name') ?? null,
      description: params.string('description') ?? null,
      metadata: params.metadata(),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    sandbox.state.customers[customer.id] = customer;
    return customer;
  });
  route('GET', '/v1/customers/:id', ({ path }) => sandbox.find('customers', path.id!, 'customer'));
  route('POST', '/v1/customers/:id', ({ path, params }) => updateCustomer(sandbox, path.id!, params));
  route('GET', '/v1/customers/:id/payment_methods', ({ path, params }) => {
    sandbox.find('customers', path.id!, 'customer');
    const methods = newestFirst(sandbox.state.paymentMethods).filter((m) => m.customer === path.id);
    return listOf(`/v1/customers/${path.id}/payment_methods`, methods, params);
  });

  // ---- payment methods
  browserRoute('POST', '/v1/payment_methods', ({ params }) => createPaymentMethod(sandbox, params));
  route('GET', '/v1/payment_methods', ({ params }) => {
    const customer = params.requiredString('customer');
    sandbox.find('customers', customer, 'customer', 'customer');
    const methods = newestFirst(sandbox.state.paymentMethods).filter((m) => m.customer === customer);
    return listOf('/v1/payment_methods', methods, params);
  });
  route('GET', '/v1/payment_methods/:id', ({ path }) =>
    sandbox.find('paymentMethods', path.id!, 'PaymentMethod'),
  );
  route('POST', '/v1/payment_methods/:id/attach', ({ path, params }) =>
    attachPaymentMethod(
      sandbox,
      sandbox.find('paymentMethods', path.id!, 'PaymentMethod'),
      params.requiredString('customer'),
    ),
  );
  route('POST', '/v1/payment_methods/:id/detach', ({ path }) =>
    detachPaymentMethod(sandbox, sandbox.find('paymentMethods', path.id!, 'PaymentMethod')),
  );

  // ---- setup intents
  route('POST', '/v1/setup_intents', ({ params, origin }) => createSetupIntent(sandbox, params, origin));
  browserRoute('GET', '/v1/setup_intents/:id', (call) => intentFor(call, 'setupIntents'));
  browserRoute('POST', '/v1/setup_intents/:id/confirm', (call) =>
    confirmSetupIntent(sandbox, intentFor(call, 'setupIntents') as never, call.params, call.origin),
  );

  // ---- payment intents
  route('POST', '/v1/payment_intents', ({ params, origin }) => createPaymentIntent(sandbox, params, origin));
  browserRoute('GET', '/v1/payment_intents/:id', (call) => intentFor(call, 'paymentIntents'));
  browserRoute('POST', '/v1/payment_intents/:id/confirm', (call) =>
    confirmPaymentIntent(sandbox, intentFor(call, 'paymentIntents') as never, call.params, call.origin),
  );
  route('POST', '/v1/payment_intents/:id/cancel', ({ path }) =>
    cancelPaymentIntent(sandbox, sandbox.find('paymentIntents', path.id!, 'payment_intent')),
  );

  // ---- charges and refunds
  route('GET', '/v1/charges/:id', ({ path }) => sandbox.find('charges', path.id!, 'charge'));
  route('POST', '/v1/refunds', ({ params }) => createRefund(sandbox, params));
  route('GET', '/v1/refunds/:id', ({ path }) => sandbox.find('refunds', path.id!, 'refund'));
  route('GET', '/v1/refunds', ({ params }) => {
    const charge = params.string('charge');
    const refunds = newestFirst(sandbox.state.refunds).filter((r) => !charge || r.charge === charge);
    return listOf('/v1/refunds', refunds, params);
  });

  // ---- webhook endpoints and events
  route('POST', '/v1/webhook_endpoints', ({ params }) => {
    const url = params.requiredString('url');
    if (!/^https?:\/\/[^\s]+$/.test(url))
      throw StripeError.invalid('url', 'Invalid URL: must be http(s).', 'url_invalid');
    const events = params.strings('enabled_events');
    if (events.length === 0) throw StripeError.required('enabled_events');
    const endpoint: WebhookEndpoint = {
      id: stripeId('we'),
      object: 'webhook_endpoint',
      created: sandbox.now(),
      url,
      enabled_events: events,
      status: 'enabled',
      description: params.string('description') ?? null,
      metadata: params.metadata(),
      livemode: false,
    };
    sandbox.state.webhookEndpoints[endpoint.id] = endpoint;
    // Like Stripe, the signing secret is shown when the endpoint is created.
    return { ...endpoint, secret: webhookSecret };
  });
  route('GET', '/v1/webhook_endpoints', ({ params }) =>
    listOf('/v1/webhook_endpoints', newestFirst(sandbox.state.webhookEndpoints), params),
  );
  route('DELETE', '/v1/webhook_endpoints/:id', ({ path }) => {
    sandbox.find('webhookEndpoints', path.id!, 'webhook_endpoint');
    delete sandbox.state.webhookEndpoints[path.id!];
    return { id: path.id, object: 'webhook_endpoint', deleted: true };
  });
  route('GET', '/v1/events/:id', ({ path }) => sandbox.find('events', path.id!, 'event'));
}

function updateCustomer(sandbox: Sandbox, id: string, params: Params): Customer {
  const customer = sandbox.find('customers', id, 'customer');
  for (const field of ['email', 'name', 'description'] as const) {
    if (params.form[field] !== undefined) customer[field] = params.string(field) ?? null;
  }
  customer.metadata = params.metadata(customer.metadata);
  const settings = params.object('invoice_settings');
  if (settings.form.default_payment_method !== undefined) {
    const methodId = settings.string('default_payment_method');
    if (methodId && sandbox.state.paymentMethods[methodId]?.customer !== customer.id) {
      throw StripeError.invalid(
        'invoice_settings[default_payment_method]',
        `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
        'resource_missing',
      );
    }
    customer.invoice_settings.default_payment_method = methodId ?? null;
  }
  return customer;
}

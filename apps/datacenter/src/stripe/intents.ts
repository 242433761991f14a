import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import type { Params } from './params.ts';
import { attachPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';
import type { Sandbox } from './sandbox.ts';
import type { Charge, PaymentIntent, PaymentMethod, SetupIntent } from './state.ts';

type Intent = PaymentIntent | SetupIntent;
type Outcome = 'succeed' | 'authenticate' | { declineCode: string; code: string; message: string };

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};
const authenticationRequired = {
  declineCode: 'authentication_required',
  code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** What confirming with this payment method does, by its test card and how it is used. */
function outcomeOf(
  sandbox: Sandbox,
  method: PaymentMethod,
  use: 'setup' | 'onSession' | 'offSession',
): Outcome {
  const card = sandbox.state.cardBehaviour[method.id];
  const behaviour = card?.behaviour ?? { kind: 'succeed' };
  switch (behaviour.kind) {
    case 'succeed':
      return 'succeed';
    case 'decline':
      if (use === 'setup' && !behaviour.atSetup) return 'succeed';
      return {
        declineCode: behaviour.declineCode,
        code: 'card_declined',
        message: DECLINE_MESSAGES[behaviour.declineCode] ?? 'Your card was declined.',
      };
    case 'authenticate':
      return use === 'offSession' ? authenticationRequired : 'authenticate';
    case 'authenticateOnce':
      if (use !== 'offSession') return 'authenticate';
      return card?.authenticated ? 'succeed' : authenticationRequired;
  }
}

/** Where a browser completes 3-D Secure for an intent (the sandbox's challenge page). */
const challengeUrl = (origin: string, intent: Intent) =>
  `${origin}/stripe/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;

function requireAction(intent: Intent, origin: string, returnUrl: string | undefined): void {
  intent.status = 'requires_action';
  const url = challengeUrl(origin, intent);
  intent.next_action = returnUrl
    ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } }
    : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
}

const confirmable = (intent: Intent) =>
  intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation';

function methodFor(sandbox: Sandbox, intent: Intent, params: Params): PaymentMethod {
  const id = params.string('payment_method') ?? intent.payment_method;
  if (!id) throw StripeError.required('payment_method');
  const method = resolvePaymentMethod(sandbox, id);
  if (method.customer && intent.customer && method.customer !== intent.customer) {
    throw StripeError.invalid(
      'payment_method',
      `The provided PaymentMethod belongs to another Customer.`,
      'payment_method_invalid_parameter',
    );
  }
  intent.payment_method = method.id;
  return method;
}

/** A new intent given `payment_method` waits for confirmation; given `confirm=true`, it is confirmed. */
function withMethodAndConfirm<T extends Intent>(
  sandbox: Sandbox,
  intent: T,
  params: Params,
  confirm: () => void,
): T {
  if (params.string('payment_method')) {
    methodFor(sandbox, intent, params);
    intent.status = 'requires_confirmation';
  }
  if (params.boolean('confirm')) confirm();
  return intent;
}

// ---- setup intents -------------------------------------------------------------------------

export function createSetupIntent(sandbox: Sandbox, params: Params, origin: string): SetupIntent {
  const customer = params.string('customer') ?? null;
  if (customer) sandbox.find('customers', customer, 'customer', 'customer');
  const id = stripeId('seti');
  const intent: SetupIntent = {
    id,
    object: 'setup_intent',
    created: sandbox.now(),
    client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
    customer,
    payment_method: null,
    payment_method_types: params.strings('payment_method_types').length
      ? params.strings('payment_method_types')
      : ['card'],
    status: 'requires_payment_method',
    usage: params.string('usage') === 'on_session' ? 'on_session' : 'off_session',
    next_action: null,
    last_setup_error: null,
    metadata: params.metadata(),
    livemode: false,
  };
  sandbox.state.setupIntents[id] = intent;
  return withMethodAndConfirm(sandbox, intent, params, () =>
    confirmSetupIntent(sandbox, intent, params, origin),
  );
}

export function confirmSetupIntent(
  sandbox: Sandbox,
  intent: SetupIntent,
  params: Params,
  origin: string,
): SetupIntent {
  if (!confirmable(intent)) throw StripeError.unexpectedState('setup_intent', intent);
  const method = methodFor(sandbox, intent, params);
  intent.last_setup_error = null;
  const outcome = outcomeOf(sandbox, method, 'setup');
  if (outcome === 'succeed') completeSetup(sandbox, intent, false);
  else if (outcome === 'authenticate') requireAction(intent, origin, params.string('return_url'));
  else failSetup(sandbox, intent, method, outcome);
  return intent;
}

function completeSetup(sandbox: Sandbox, intent: SetupIntent, authenticated: boolean): void {
  intent.status = 'succeeded';
  intent.next_action = null;
  const method = sandbox.state.paymentMethods[intent.payment_method!]!;
  if (intent.customer && method.customer !== intent.customer)
    attachPaymentMethod(sandbox, method, intent.customer);
  const card = sandbox.state.cardBehaviour[method.id];
  if (card && authenticated) card.authenticated = true;
  sandbox.emit('setup_intent.succeeded', intent);
}

function failSetup(
  sandbox: Sandbox,
  intent: SetupIntent,
  method: PaymentMethod,
  failure: Exclude<Outcome, 'succeed' | 'authenticate'>,
): never {
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.last_setup_error = {
    type: 'card_error',
    code: failure.code,
    decline_code: failure.declineCode,
    message: failure.message,
    payment_method: method,
  };
  sandbox.emit('setup_intent.setup_failed', intent);
  throw new StripeError('card_error', failure.message, {
    code: failure.code,
    decline_code: failure.declineCode,
    setup_intent: structuredClone(intent),
  });
}

// ---- payment intents -----------------------------------------------------------------------

export function createPaymentIntent(sandbox: Sandbox, params: Params, origin: string): PaymentIntent {
  const amount = params.integer('amount');
  if (amount === undefined) throw StripeError.required('amount');
  const currency = params.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw StripeError.invalid('currency', `Invalid currency: ${currency}.`);
  if (amount < 50) {
    throw StripeError.invalid('amount', `Amount must be at least $0.50 ${currency}`, 'amount_too_small');
  }
  if (amount > 99_999_999) {
    throw StripeError.invalid('amount', 'Amount must be no more than $999,999.99', 'amount_too_large');
  }
  const customer = params.string('customer') ?? null;
  if (customer) sandbox.find('customers', customer, 'customer', 'customer');
  const futureUsage = params.string('setup_future_usage');
  const id = stripeId('pi');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    created: sandbox.now(),
    client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
    amount,
    amount_received: 0,
    currency,
    customer,
    description: params.string('description') ?? null,
    payment_method: null,
    payment_method_types: ['card'],
    setup_future_usage: futureUsage === 'off_session' || futureUsage === 'on_session' ? futureUsage : null,
    status: 'requires_payment_method',
    next_action: null,
    last_payment_error: null,
    latest_charge: null,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    metadata: params.metadata(),
    livemode: false,
  };
  sandbox.state.paymentIntents[id] = intent;
  return withMethodAndConfirm(sandbox, intent, params, () =>
    confirmPaymentIntent(sandbox, intent, params, origin),
  );
}

export function confirmPaymentIntent(
  sandbox: Sandbox,
  intent: PaymentIntent,
  params: Params,
  origin: string,
): PaymentIntent {
  if (!confirmable(intent)) throw StripeError.unexpectedState('payment_intent', intent);
  const method = methodFor(sandbox, intent, params);
  intent.last_payment_error = null;
  const outcome = outcomeOf(sandbox, method, params.boolean('off_session') ? 'offSession' : 'onSession');
  if (outcome === 'succeed') succeedPayment(sandbox, intent, method, false);
  else if (outcome === 'authenticate') requireAction(intent, origin, params.string('return_url'));
  else failPayment(sandbox, intent, method, outcome);
  return intent;
}

function chargeOf(sandbox: Sandbox, intent: PaymentIntent, method: PaymentMethod, failure?: Outcome): Charge {
  const failed = typeof failure === 'object';
  const charge: Charge = {
    id: stripeId('ch'),
    object: 'charge',
    created: sandbox.now(),
    amount: intent.amount,
    amount_captured: failed ? 0 : intent.amount,
    amount_refunded: 0,
    captured: !failed,
    currency: intent.currency,
    customer: intent.customer,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      type: 'card',
      card: {
        brand: method.card.brand,
        last4: method.card.last4,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
      },
    },
    paid: !failed,
    refunded: false,
    status: failed ? 'failed' : 'succeeded',
    failure_code: failed ? failure.code : null,
    failure_message: failed ? failure.message : null,
    metadata: { ...intent.metadata },
    livemode: false,
  };
  sandbox.state.charges[charge.id] = charge;
  intent.latest_charge = charge.id;
  return charge;
}

function succeedPayment(
  sandbox: Sandbox,
  intent: PaymentIntent,
  method: PaymentMethod,
  authenticated: boolean,
): void {
  const charge = chargeOf(sandbox, intent, method);
  intent.status = 'succeeded';
  intent.next_action = null;
  intent.amount_received = intent.amount;
  if (intent.setup_future_usage && intent.customer) {
    if (method.customer !== intent.customer) attachPaymentMethod(sandbox, method, intent.customer);
    const card = sandbox.state.cardBehaviour[method.id];
    if (card && authenticated) card.authenticated = true;
  }
  sandbox.emit('charge.succeeded', charge);
  sandbox.emit('payment_intent.succeeded', intent);
}

function failPayment(
  sandbox: Sandbox,
  intent: PaymentIntent,
  method: PaymentMethod,
  failure: Exclude<Outcome, 'succeed' | 'authenticate'>,
): never {
  if (failure.code === 'card_declined')
    sandbox.emit('charge.failed', chargeOf(sandbox, intent, method, failure));
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.last_payment_error = {
    type: 'card_error',
    code: failure.code,
    decline_code: failure.declineCode,
    message: failure.message,
    payment_method: method,
  };
  sandbox.emit('payment_intent.payment_failed', intent);
  throw new StripeError('card_error', failure.message, {
    code: failure.code,
    decline_code: failure.declineCode,
    charge: intent.latest_charge,
    payment_intent: structuredClone(intent),
  });
}

export function cancelPaymentIntent(sandbox: Sandbox, intent: PaymentIntent): PaymentIntent {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw StripeError.invalid(
      'intent',
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      'payment_intent_unexpected_state',
    );
  }
  intent.status = 'canceled';
  intent.next_action = null;
  sandbox.emit('payment_intent.canceled', intent);
  return intent;
}

// ---- 3-D Secure ----------------------------------------------------------------------------

/** The intent an id and client secret name, for the browser (publishable key or challenge page). */
export function intentByClientSecret(sandbox: Sandbox, id: string, clientSecret: string | undefined): Intent {
  const intent = id.startsWith('seti_')
    ? sandbox.state.setupIntents[id]
    : id.startsWith('pi_')
      ? sandbox.state.paymentIntents[id]
      : undefined;
  if (!intent || intent.client_secret !== clientSecret) {
    throw StripeError.missing(id.startsWith('seti_') ? 'setup_intent' : 'payment_intent', id);
  }
  return intent;
}

/** The card holder passed or failed the 3-D Secure challenge of an intent that required it. */
export function completeChallenge(sandbox: Sandbox, intent: Intent, passed: boolean): void {
  if (intent.status !== 'requires_action') return;
  const method = sandbox.state.paymentMethods[intent.payment_method!]!;
  if (intent.object === 'setup_intent') {
    if (passed) return completeSetup(sandbox, intent, true);
    try {
      failSetup(sandbox, intent, method, {
        code: 'setup_intent_authentication_failure',
        declineCode: 'authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    } catch {
      // The failure is recorded on the intent; the page shows it, nobody awaits the error.
    }
    return;
  }
  if (passed) return succeedPayment(sandbox, intent, method, true);
  try {
    failPayment(sandbox, intent, method, {
      code: 'payment_intent_authentication_failure',
      declineCode: 'authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  } catch {
    // As above.
  }
}

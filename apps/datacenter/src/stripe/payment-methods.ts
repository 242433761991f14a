import { createHash } from 'node:crypto';
import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import type { Params } from './params.ts';
import type { Sandbox } from './sandbox.ts';
import type { PaymentMethod } from './state.ts';
import { passesLuhn, TEST_PAYMENT_METHODS, testCardByNumber } from './test-cards.ts';

const cardError = (code: string, message: string, param: string) =>
  new StripeError('card_error', message, { code, param });

/** A new payment method of a test card, as `POST /v1/payment_methods` or a `pm_card_…` id makes it. */
function createCardMethod(
  sandbox: Sandbox,
  card: { number: string; expMonth: number; expYear: number },
  billing: { name: string | null; email: string | null } = { name: null, email: null },
): PaymentMethod {
  const testCard = testCardByNumber(card.number);
  if (!testCard) {
    throw cardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, see the simulator README.',
      'card[number]',
    );
  }
  const method: PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'card',
    created: sandbox.now(),
    customer: null,
    billing_details: billing,
    card: {
      brand: testCard.brand,
      last4: card.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: testCard.funding,
      country: 'US',
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
    },
    metadata: {},
    livemode: false,
  };
  sandbox.state.paymentMethods[method.id] = method;
  sandbox.state.cardBehaviour[method.id] = { behaviour: testCard.behaviour, authenticated: false };
  return method;
}

/** `POST /v1/payment_methods` with `type=card` and `card[number|exp_month|exp_year|cvc]`. */
export function createPaymentMethod(sandbox: Sandbox, params: Params): PaymentMethod {
  const type = params.requiredString('type');
  if (type !== 'card')
    throw StripeError.invalid('type', `The sandbox only knows card payment methods, not ${type}.`);
  const card = params.object('card');
  const number = card.requiredString('number').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !passesLuhn(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
  }
  const expMonth = card.integer('exp_month');
  if (expMonth === undefined || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  const rawYear = card.integer('exp_year');
  const expYear = rawYear !== undefined && rawYear < 100 ? 2000 + rawYear : rawYear;
  const today = new Date(sandbox.ctx.clock.now());
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
  if (expYear === undefined || expYear * 12 + expMonth < thisMonth || expYear > today.getUTCFullYear() + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
  }
  const cvc = card.string('cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
  }
  const billing = params.object('billing_details');
  const method = createCardMethod(
    sandbox,
    { number, expMonth, expYear },
    {
      name: billing.string('name') ?? null,
      email: billing.string('email') ?? null,
    },
  );
  method.metadata = params.metadata();
  return method;
}

/**
 * The payment method an id names: a stored one, or for a test id (`pm_card_visa`…) a new one of
 * that card, as Stripe's test mode does on every use.
 */
export function resolvePaymentMethod(sandbox: Sandbox, id: string, param = 'payment_method'): PaymentMethod {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) {
    const year = new Date(sandbox.ctx.clock.now()).getUTCFullYear() + 3;
    return createCardMethod(sandbox, { number: testNumber, expMonth: 12, expYear: year });
  }
  return sandbox.find('paymentMethods', id, 'PaymentMethod', param);
}

export function attachPaymentMethod(
  sandbox: Sandbox,
  method: PaymentMethod,
  customerId: string,
): PaymentMethod {
  sandbox.find('customers', customerId, 'customer', 'customer');
  if (method.customer && method.customer !== customerId) {
    throw StripeError.invalid(
      'payment_method',
      'The payment method you provided has already been attached to a customer.',
      'payment_method_already_attached',
    );
  }
  method.customer = customerId;
  return method;
}

export function detachPaymentMethod(sandbox: Sandbox, method: PaymentMethod): PaymentMethod {
  if (!method.customer) {
    throw StripeError.invalid(
      'payment_method',
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      'payment_method_unexpected_state',
    );
  }
  const customer = sandbox.state.customers[method.customer];
  if (customer?.invoice_settings.default_payment_method === method.id) {
    customer.invoice_settings.default_payment_method = null;
  }
  method.customer = null;
  return method;
}

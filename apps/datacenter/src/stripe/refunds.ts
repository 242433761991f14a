import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import type { Params } from './params.ts';
import type { Sandbox } from './sandbox.ts';
import type { Refund } from './state.ts';

/** `POST /v1/refunds` of a charge (or a payment intent's charge), all of what is left by default. */
export function createRefund(sandbox: Sandbox, params: Params): Refund {
  const chargeId =
    params.string('charge') ??
    (params.has('payment_intent')
      ? sandbox.find(
          'paymentIntents',
          params.requiredString('payment_intent'),
          'payment_intent',
          'payment_intent',
        ).latest_charge
      : undefined);
  if (!chargeId) throw StripeError.required('charge');
  const charge = sandbox.find('charges', chargeId, 'charge', 'charge');
  if (charge.status !== 'succeeded') {
    throw StripeError.invalid('charge', `Charge ${charge.id} has not succeeded and cannot be refunded.`);
  }
  const left = charge.amount_captured - charge.amount_refunded;
  if (left === 0) {
    throw StripeError.invalid(
      'charge',
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const amount = params.integer('amount') ?? left;
  if (amount < 1 || amount > left) {
    throw StripeError.invalid(
      'amount',
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      'amount_too_large',
    );
  }
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    created: sandbox.now(),
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    reason: params.string('reason') ?? null,
    status: 'succeeded',
    metadata: params.metadata(),
  };
  sandbox.state.refunds[refund.id] = refund;
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  sandbox.emit('refund.created', refund);
  sandbox.emit('charge.refunded', charge);
  return refund;
}

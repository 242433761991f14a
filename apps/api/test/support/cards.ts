import { defaultCredentials } from '@rackdesk/datacenter';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { bearer } from './fixtures.ts';
import type { TestSimulator } from './simulator.ts';
import type { TestApp } from './test-app.ts';

/** The profile fields card payments need (`user_details_ok`), for createUser. */
export const completeProfile = {
  address1: '1 Main Street',
  city: 'Albany',
  state: 'NY',
  postcode: '12207',
  country: 'US',
  phonenumber: '+1.5185550100',
};

/** The official SDK pointed at the simulator's payment sandbox, with its test key. */
export function sandboxStripe(sim: TestSimulator): Stripe {
  const port = Number(new URL(sim.url).port);
  return new Stripe(defaultCredentials.stripe.secretKey, { host: '127.0.0.1', port, protocol: 'http' });
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/**
 * Saves a card as the Billing Info tab does: a setup intent from the API, confirmed at Stripe (as
 * Stripe.js would with the card typed in), then saved through the API.
 */
export async function saveCard(t: TestApp, stripe: Stripe, token: string, paymentMethod = 'pm_card_visa') {
  const setup = await t.app.inject({
    method: 'GET',
    url: '/api/billing/setup-intent',
    headers: bearer(token),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const id = intentIdOf(setup.json().client_secret);
  await stripe.setupIntents.confirm(id, { payment_method: paymentMethod });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/billing/save-payment-method',
    headers: bearer(token),
    payload: { setup_intent_id: id },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().card as { id: number; card_type: string; card_last_four: string; is_default: boolean };
}

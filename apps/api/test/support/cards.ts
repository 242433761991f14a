import { defaultCredentials } from '@rackdesk/datacenter';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { transactions } from '../../src/db/schema/index.ts';
import { bearer, createUser, loginToken } from './fixtures.ts';
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

/** A new owner (with `values`) and its session token. */
export async function ownerWithToken(t: TestApp, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, values);
  return { user, token: await loginToken(t.app, user.email, user.password) };
}

/** The Stripe transactions of an invoice (payments in, refunds out). */
export const stripeTransactions = (t: TestApp, invoiceId: number) =>
  t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.invoiceId, invoiceId), eq(transactions.gateway, 'stripe')));

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter } from '../server.ts';

/**
 * The sandbox driven by the official, unmodified `stripe` SDK over HTTP, as the panel drives it,
 * and its webhooks checked by the SDK's own signature verification.
 */
describe('Stripe sandbox through the official SDK', () => {
  let sim: FastifyInstance;
  let base: string;
  let stripe: Stripe;
  let hooks: Server;
  let hookUrl: string;
  const received: { body: string; signature: string }[] = [];
  let failNext = 0;
  const secret = defaultCredentials.stripe.webhookSecret;

  const events = (type: string) =>
    received
      .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, secret))
      .filter((event) => event.type === type)
      .map((event) => ({ data: { object: event.data.object as { id: string; refunded?: boolean } } }));

  /** The sandbox's 3-D Secure page, answered as a card holder would. */
  const answerChallenge = async (url: string, outcome: 'complete' | 'fail') => {
    const page = await fetch(url);
    expect(await page.text()).toContain('Complete');
    const { searchParams, pathname } = new URL(url);
    const answer = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: searchParams.get('client_secret')!, outcome }).toString(),
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    sim = await buildDatacenter({ logLevel: 'silent' });
    await sim.listen({ host: '127.0.0.1', port: 0 });
    const { port } = sim.server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    stripe = new Stripe('sk_test_any_key_works', { host: '127.0.0.1', port, protocol: 'http' });
    hooks = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(500).end();
          return;
        }
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await sim.close();
    await new Promise((resolve) => hooks.close(resolve));
  });

  it('registers a webhook endpoint and answers its signing secret', async () => {
    const endpoint = await stripe.webhookEndpoints.create({ url: hookUrl, enabled_events: ['*'] });
    expect(endpoint.secret).toBe(secret);
    const list = await stripe.webhookEndpoints.list();
    expect(list.data.map((e) => e.url)).toContain(hookUrl);
  });

  it('refuses a live key, no key and a publishable key on server calls', async () => {
    await expect(
      new Stripe('sk_live_x', {
        host: '127.0.0.1',
        port: Number(new URL(base).port),
        protocol: 'http',
      }).customers.create(),
    ).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
    const publishable = await fetch(`${base}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_x' },
    });
    expect(publishable.status).toBe(401);
    expect(((await publishable.json()) as { error: { message: string } }).error.message).toContain(
      'publishable',
    );
  });

  it('creates, reads and updates customers', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', metadata: { user_id: '7' } });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: 'a@example.com',
      metadata: { user_id: '7' },
    });
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('saves a card through a setup intent and lists, defaults and detaches it', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    const setup = await stripe.setupIntents.create({ customer: customer.id });
    expect(setup.status).toBe('requires_payment_method');
    expect(setup.client_secret).toMatch(/^seti_.+_secret_/);
    const confirmed = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_mastercard' });
    expect(confirmed.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(method).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });

    const again = await stripe.setupIntents.retrieve(setup.id, { expand: ['payment_method'] });
    expect((again.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
    const list = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(list.data.map((m) => m.id)).toEqual([method.id]);

    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: method.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(method.id);
    await stripe.paymentMethods.detach(method.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    await vi.waitUntil(() => events('setup_intent.succeeded').some((e) => e.data.object.id === setup.id));
  });

  it('makes payment methods from test card numbers and refuses bad ones', async () => {
    const made = await fetch(`${base}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=pk_test_x&type=card&card[number]=378282246310005&card[exp_month]=12&card[exp_year]=40&card[cvc]=1234',
    });
    expect(await made.json()).toMatchObject({ card: { brand: 'amex', last4: '0005', exp_year: 2040 } });
    const wrong = await fetch(`${base}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=pk_test_x&type=card&card[number]=4242424242424241&card[exp_month]=12&card[exp_year]=40',
    });
    expect(wrong.status).toBe(402);
    expect(((await wrong.json()) as { error: unknown }).error).toMatchObject({
      type: 'card_error',
      code: 'incorrect_number',
    });
  });

  it('takes a payment with a good card, off session, with its charge', async () => {
    const customer = await stripe.customers.create();
    const intent = await stripe.paymentIntents.create(
      {
        amount: 2500,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        off_session: true,
        metadata: { invoice_id: '42' },
        expand: ['latest_charge'],
      },
      { idempotencyKey: 'pay-42' },
    );
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2500, currency: 'usd' });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ id: expect.stringMatching(/^ch_/), amount: 2500, paid: true });

    const replay = await stripe.paymentIntents.create(
      {
        amount: 2500,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        off_session: true,
        metadata: { invoice_id: '42' },
        expand: ['latest_charge'],
      },
      { idempotencyKey: 'pay-42' },
    );
    expect(replay.id).toBe(intent.id);
    await expect(
      stripe.paymentIntents.create({ amount: 999, currency: 'usd' }, { idempotencyKey: 'pay-42' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    await vi.waitUntil(() => events('payment_intent.succeeded').some((e) => e.data.object.id === intent.id));
  });

  it('declines the declined test cards with their decline codes', async () => {
    for (const [method, declineCode] of [
      ['pm_card_chargeDeclined', 'generic_decline'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ] as const) {
      const error = await stripe.paymentIntents
        .create({ amount: 1000, currency: 'usd', payment_method: method, confirm: true })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: declineCode,
      });
      const intent = (error as Stripe.errors.StripeCardError).payment_intent!;
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.last_payment_error?.decline_code).toBe(declineCode);
      await vi.waitUntil(() =>
        events('payment_intent.payment_failed').some((e) => e.data.object.id === intent.id),
      );
    }
  });

  it('asks for 3-D Secure on session and succeeds once the card holder completes it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    const url = (intent.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js;
    await answerChallenge(url, 'complete');
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', amount_received: 3000 });
  });

  it('fails a payment whose 3-D Secure check fails, and an off-session one that needs it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      payment_method: 'pm_card_threeDSecure2Required',
      confirm: true,
      return_url: 'http://panel.test/back',
    });
    expect(intent.next_action?.redirect_to_url?.return_url).toBe('http://panel.test/back');
    await answerChallenge(intent.next_action!.redirect_to_url!.url!, 'fail').catch(() => undefined);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');

    const offSession = await stripe.paymentIntents
      .create({
        amount: 3000,
        currency: 'usd',
        payment_method: 'pm_card_threeDSecure2Required',
        confirm: true,
        off_session: true,
      })
      .catch((e: unknown) => e);
    expect(offSession).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
  });

  it('pays off session with a card set up through 3-D Secure (4000002500003155)', async () => {
    const customer = await stripe.customers.create();
    const made = await fetch(`${base}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_x' },
      body: 'type=card&card[number]=4000002500003155&card[exp_month]=1&card[exp_year]=2040&card[cvc]=123',
    });
    const method = (await made.json()) as Stripe.PaymentMethod;
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
    });
    expect(setup.status).toBe('requires_action');
    await answerChallenge((setup.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js, 'complete');
    expect((await stripe.setupIntents.retrieve(setup.id)).status).toBe('succeeded');
    const paid = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
      off_session: true,
    });
    expect(paid.status).toBe('succeeded');
  });

  it('refunds a charge in parts and sends charge.refunded each time', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const chargeId = intent.latest_charge as string;
    const part = await stripe.refunds.create({ charge: chargeId, amount: 2000 });
    expect(part).toMatchObject({ amount: 2000, status: 'succeeded', charge: chargeId });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3000);
    await expect(stripe.refunds.create({ charge: chargeId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.list({ charge: chargeId })).data.map((r) => r.amount).sort()).toEqual([
      2000, 3000,
    ]);
    await vi.waitUntil(() =>
      events('charge.refunded').some((e) => e.data.object.id === chargeId && e.data.object.refunded),
    );
  });

  it('signs webhooks so that the SDK verifies them, and a changed body fails', async () => {
    const [one] = received;
    expect(() => stripe.webhooks.constructEvent(one!.body, one!.signature, secret)).not.toThrow();
    expect(() => stripe.webhooks.constructEvent(`${one!.body} `, one!.signature, secret)).toThrow();
    expect(() => stripe.webhooks.constructEvent(one!.body, one!.signature, 'whsec_other')).toThrow();
  });

  it('retries a delivery the endpoint failed', async () => {
    failNext = 2;
    const customer = await stripe.customers.create();
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    await vi.waitUntil(() => failNext === 0);
    await vi.waitUntil(
      async () => {
        await fetch(`${base}/_control/stripe/webhooks/flush`, { method: 'POST' });
        return events('setup_intent.succeeded').some((e) => e.data.object.id === setup.id);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});

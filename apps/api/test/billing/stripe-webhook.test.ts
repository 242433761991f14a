import type { AddressInfo } from 'node:net';
import { defaultCredentials } from '@rackdesk/datacenter';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayPayments } from '../../src/db/schema/index.ts';
import { completeProfile, sandboxStripe, stripeTransactions } from '../support/cards.ts';
import { bearer, createUser, eventually, loginToken } from '../support/fixtures.ts';
import { createInvoice, invoiceRow } from '../support/invoices.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** `POST /api/billing/stripe/webhook`: signed on the raw body, idempotent, checked against what the server asked. */
describe('Stripe webhook', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let stripe: Stripe;
  let userId: number;
  let token: string;
  const secret = defaultCredentials.stripe.webhookSecret;

  /** An event as Stripe sends it, about a real object of the sandbox, signed (or not) like Stripe. */
  const deliver = (
    type: string,
    object: unknown,
    options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
  ) => {
    const payload = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } }, null, 2);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? secret,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: options.tamper ? payload.replace('"amount"', '"amount" ') : payload,
    });
  };

  /** An Unpaid invoice with a payment intent from the API, paid at Stripe as the browser would. */
  const paidIntent = async (cents = 2000) => {
    const invoiceId = await createInvoice(t, userId, { cents });
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/billing/payment-intent?invoice_id=${invoiceId}`,
      headers: bearer(token),
    });
    const intent = await stripe.paymentIntents.confirm(created.json().paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    return { invoiceId, intent };
  };
  const stripeRows = (invoiceId: number) => stripeTransactions(t, invoiceId);

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    stripe = sandboxStripe(sim);
    const user = await createUser(t, completeProfile);
    userId = user.id;
    token = await loginToken(t.app, user.email, user.password);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('records a payment_intent.succeeded delivered 5 times once', async () => {
    const { invoiceId, intent } = await paidIntent();
    for (let i = 0; i < 5; i++) {
      const response = await deliver('payment_intent.succeeded', intent);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(await stripeRows(invoiceId)).toEqual([
      expect.objectContaining({ transId: intent.latest_charge, amountInCents: 2000 }),
    ]);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Paid', paidCents: 2000 });
    const [payment] = await t.database.db
      .select()
      .from(gatewayPayments)
      .where(eq(gatewayPayments.externalId, intent.id));
    expect(payment!.status).toBe('succeeded');
  });

  it('refuses a bad, foreign, old or missing signature, and a changed body, changing nothing', async () => {
    const { invoiceId, intent } = await paidIntent();
    const refusals = [
      await deliver('payment_intent.succeeded', intent, { secret: 'whsec_not_ours' }),
      await deliver('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliver('payment_intent.succeeded', intent, { tamper: true }),
      await t.app.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: intent } }),
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await stripeRows(invoiceId)).toEqual([]);
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it('records nothing when a signed event names another amount or currency than the server asked', async () => {
    const { invoiceId, intent } = await paidIntent(2500);
    expect(
      (await deliver('payment_intent.succeeded', { ...intent, amount: 100, amount_received: 100 }))
        .statusCode,
    ).toBe(200);
    expect((await deliver('payment_intent.succeeded', { ...intent, currency: 'eur' })).statusCode).toBe(200);
    expect(await stripeRows(invoiceId)).toEqual([]);
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it('marks a failed payment failed', async () => {
    const invoiceId = await createInvoice(t, userId);
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/billing/payment-intent?invoice_id=${invoiceId}`,
      headers: bearer(token),
    });
    const failed = await stripe.paymentIntents
      .confirm(created.json().paymentIntentId, { payment_method: 'pm_card_chargeDeclined' })
      .catch((error: Stripe.errors.StripeCardError) => error.payment_intent!);
    expect((await deliver('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(gatewayPayments)
      .where(eq(gatewayPayments.externalId, failed.id));
    expect(payment!.status).toBe('failed');
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it('records refunds once each, and a fully refunded invoice becomes Refunded', async () => {
    const { invoiceId, intent } = await paidIntent(3000);
    await deliver('payment_intent.succeeded', intent);
    const chargeId = intent.latest_charge as string;
    await stripe.refunds.create({ charge: chargeId, amount: 1000 });
    for (let i = 0; i < 3; i++) await deliver('charge.refunded', await stripe.charges.retrieve(chargeId));
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Paid', paidCents: 2000 });

    await stripe.refunds.create({ charge: chargeId });
    await deliver('charge.refunded', await stripe.charges.retrieve(chargeId));
    await deliver('charge.refunded', await stripe.charges.retrieve(chargeId));
    const rows = await stripeRows(invoiceId);
    expect(rows.map((r) => [r.amountInCents, r.amountOutCents]).sort()).toEqual([
      [0, 1000],
      [0, 2000],
      [3000, 0],
    ]);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Refunded', paidCents: 0 });
  });

  it('is sent by the sandbox to the URL the panel registered, and pays the invoice without the browser', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    await t.app.ctx.cardGateway.registerSandboxWebhook(`http://127.0.0.1:${port}`);
    await t.app.ctx.cardGateway.registerSandboxWebhook(`http://127.0.0.1:${port}`);
    const endpoints = await stripe.webhookEndpoints.list();
    expect(endpoints.data.filter((e) => e.url.endsWith(`:${port}/api/billing/stripe/webhook`))).toHaveLength(
      1,
    );

    const { invoiceId } = await paidIntent(1800);
    await eventually(async () => (await invoiceRow(t, invoiceId)).status === 'Paid');
    expect(await stripeRows(invoiceId)).toHaveLength(1);
  });
});

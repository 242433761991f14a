import { CardText } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayPayments } from '../../src/db/schema/index.ts';
import {
  completeProfile,
  ownerWithToken,
  sandboxStripe,
  saveCard,
  stripeTransactions,
} from '../support/cards.ts';
import { allPermissions, bearer, createUser, loginToken, noPermissions } from '../support/fixtures.ts';
import { createInvoice, creditAndLedger, invoiceRow } from '../support/invoices.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Card payments of invoices (billing/payment-intent, billing/card/pay/{id}) against the Stripe sandbox. */
describe('card payments', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let stripe: Stripe;

  const call = (token: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const owner = (values: Parameters<typeof createUser>[1] = completeProfile) => ownerWithToken(t, values);

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    stripe = sandboxStripe(sim);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it("asks Stripe for the invoice's balance, computed by the server, in USD", async () => {
    const { user, token } = await owner();
    const invoiceId = await createInvoice(t, user.id, { cents: 4999 });
    const response = await call(token, 'GET', `/billing/payment-intent?invoice_id=${invoiceId}`);
    expect(response.statusCode).toBe(200);
    const { client_secret: secret, paymentIntentId } = response.json();
    expect(secret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent).toMatchObject({
      amount: 4999,
      currency: 'usd',
      metadata: { invoice_id: String(invoiceId) },
    });
    const [row] = await t.database.db
      .select()
      .from(gatewayPayments)
      .where(eq(gatewayPayments.externalId, paymentIntentId));
    expect(row).toMatchObject({ invoiceId, amountCents: 4999, status: 'pending', gateway: 'stripe' });
  });

  it('fulfils a payment the browser confirmed, after fetching it from Stripe, once', async () => {
    const { user, token } = await owner();
    const invoiceId = await createInvoice(t, user.id, { cents: 2500 });
    const { paymentIntentId } = (
      await call(token, 'GET', `/billing/payment-intent?invoice_id=${invoiceId}`)
    ).json();

    const early = await call(token, 'POST', `/billing/card/pay/${invoiceId}`, { paymentIntentId });
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ message: CardText.paymentFailed, error: 'payment_failed' });
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');

    const confirmed = await stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    for (let i = 0; i < 3; i++) {
      const paid = await call(token, 'POST', `/billing/card/pay/${invoiceId}`, { paymentIntentId });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ message: CardText.paid, status: 'Paid' });
    }
    const recorded = await stripeTransactions(t, invoiceId);
    expect(recorded).toEqual([
      expect.objectContaining({ transId: confirmed.latest_charge, amountInCents: 2500 }),
    ]);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Paid', paidCents: 2500 });
  });

  it('pays with a saved card off session: the default one, or the chosen one', async () => {
    const { user, token } = await owner();
    await saveCard(t, stripe, token);
    const mastercard = await saveCard(t, stripe, token, 'pm_card_mastercard');
    const first = await createInvoice(t, user.id, { cents: 1200 });
    const second = await createInvoice(t, user.id, { cents: 1300 });
    expect((await call(token, 'POST', `/billing/card/pay/${first}`)).json()).toMatchObject({
      status: 'Paid',
    });
    const chosen = await call(token, 'POST', `/billing/card/pay/${second}`, { cardSelected: mastercard.id });
    expect(chosen.json()).toMatchObject({ status: 'Paid' });
    const [charge] = await stripeTransactions(t, second);
    const details = await stripe.charges.retrieve(charge!.transId);
    expect(details.payment_method_details?.card?.last4).toBe('4444');
  });

  it('answers Payment failed for a declined card and records nothing', async () => {
    const { user, token } = await owner();
    const card = await saveCard(t, stripe, token, 'pm_card_chargeCustomerFail');
    const invoiceId = await createInvoice(t, user.id, { cents: 1500 });
    const response = await call(token, 'POST', `/billing/card/pay/${invoiceId}`, { cardSelected: card.id });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(CardText.paymentFailed);
    expect(await stripeTransactions(t, invoiceId)).toEqual([]);
    const [payment] = await t.database.db
      .select()
      .from(gatewayPayments)
      .where(eq(gatewayPayments.invoiceId, invoiceId));
    expect(payment).toMatchObject({ status: 'failed', externalId: expect.stringMatching(/^pi_/) });
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it('charges one of 50 parallel payments of one invoice, and keeps credit and ledger equal', async () => {
    const { user, token } = await owner();
    await saveCard(t, stripe, token);
    const invoiceId = await createInvoice(t, user.id, { cents: 3000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(token, 'POST', `/billing/card/pay/${invoiceId}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => [200, 404, 409, 422].includes(s)),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await stripeTransactions(t, invoiceId)).toHaveLength(1);
    expect(await invoiceRow(t, invoiceId)).toMatchObject({ status: 'Paid', paidCents: 3000 });
    const { credit, ledgerSum } = await creditAndLedger(t, user.id);
    expect(credit).toBe(ledgerSum);
    expect(credit).toBe(0);
  });

  it('refuses card payments without the profile details, with the info text', async () => {
    const { user, token } = await owner({});
    const invoiceId = await createInvoice(t, user.id);
    for (const [method, url] of [
      ['GET', `/billing/payment-intent?invoice_id=${invoiceId}`],
      ['POST', `/billing/card/pay/${invoiceId}`],
    ] as const) {
      const response = await call(token, method, url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CardText.detailsRequired, error: 'user_details_required' });
    }
  });

  it("answers 404 for another account's invoice, card or intent, and for an invoice not Unpaid", async () => {
    const a = await owner();
    const b = await owner();
    const bCard = await saveCard(t, stripe, b.token);
    await saveCard(t, stripe, a.token);
    const aInvoice = await createInvoice(t, a.user.id);
    const bInvoice = await createInvoice(t, b.user.id);
    const paid = await createInvoice(t, a.user.id, { status: 'Paid' });
    const bIntent = (await call(b.token, 'GET', `/billing/payment-intent?invoice_id=${bInvoice}`)).json();
    const notFound: [string, string, unknown?][] = [
      ['GET', `/billing/payment-intent?invoice_id=${bInvoice}`],
      ['GET', `/billing/payment-intent?invoice_id=${paid}`],
      ['GET', `/billing/payment-intent?invoice_id=${aInvoice}&card_id=${bCard.id}`],
      ['POST', `/billing/card/pay/${bInvoice}`],
      ['POST', `/billing/card/pay/${paid}`],
      ['POST', `/billing/card/pay/${aInvoice}`, { cardSelected: bCard.id }],
      ['POST', `/billing/card/pay/${aInvoice}`, { paymentIntentId: bIntent.paymentIntentId }],
      ['POST', `/billing/card/pay/${bInvoice}`, { paymentIntentId: bIntent.paymentIntentId }],
    ];
    for (const [method, url, payload] of notFound) {
      expect((await call(a.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await invoiceRow(t, bInvoice)).status).toBe('Unpaid');
    expect((await invoiceRow(t, aInvoice)).status).toBe('Unpaid');
  });

  it('answers 422 without a card to pay with, and to bad input', async () => {
    const { user, token } = await owner();
    const invoiceId = await createInvoice(t, user.id);
    const noCard = await call(token, 'POST', `/billing/card/pay/${invoiceId}`, {});
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().message).toBe(CardText.noCard);
    const bad: [string, string, unknown?][] = [
      ['GET', '/billing/payment-intent'],
      ['GET', '/billing/payment-intent?invoice_id=abc'],
      ['GET', '/billing/payment-intent?invoice_id=-1'],
      ['GET', `/billing/payment-intent?invoice_id=${invoiceId}&card_id=1.5`],
      ['POST', `/billing/card/pay/${invoiceId}`, { cardSelected: '1' }],
      ['POST', `/billing/card/pay/${invoiceId}`, { cardSelected: 1.5 }],
      ['POST', `/billing/card/pay/${invoiceId}`, { cardSelected: true }],
      ['POST', `/billing/card/pay/${invoiceId}`, { paymentIntentId: 'seti_1' }],
      ['POST', `/billing/card/pay/${invoiceId}`, { paymentIntentId: 7 }],
      ['POST', `/billing/card/pay/${invoiceId}`, { paymentIntentId: 'pi_1?expand=x' }],
      ['POST', `/billing/card/pay/${invoiceId}`, [1]],
      ['POST', '/billing/card/pay/x1', {}],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(token, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(422);
    }
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it("needs the billing permission for sub-accounts, and pays the owner's invoice with it", async () => {
    const { user, token: ownerToken } = await owner();
    await saveCard(t, stripe, ownerToken);
    const invoiceId = await createInvoice(t, user.id);
    const sub = async (permissions: typeof allPermissions) => {
      const login = await createUser(t, { parentId: user.id, permissions });
      return loginToken(t.app, login.email, login.password);
    };
    const without = await sub({ ...allPermissions, billing: false });
    for (const [method, url] of [
      ['GET', `/billing/payment-intent?invoice_id=${invoiceId}`],
      ['POST', `/billing/card/pay/${invoiceId}`],
    ] as const) {
      const response = await call(without, method, url);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('permission_required');
    }
    const withBilling = await sub({ ...noPermissions, billing: true });
    expect((await call(withBilling, 'POST', `/billing/card/pay/${invoiceId}`)).json()).toMatchObject({
      status: 'Paid',
    });
  });
});

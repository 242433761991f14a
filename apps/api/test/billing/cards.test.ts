import { CardText } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards, users } from '../../src/db/schema/index.ts';
import { type AccountCaller, accountCallers, accountCallerTokens } from '../support/account-callers.ts';
import { intentIdOf, ownerWithToken, sandboxStripe, saveCard } from '../support/cards.ts';
import { bearer, createUser } from '../support/fixtures.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Saved cards (billing/setup-intent, save-payment-method, card) against the Stripe sandbox. */
describe('saved cards', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let stripe: Stripe;

  const call = (token: string | undefined, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const owner = (values: Parameters<typeof createUser>[1] = {}) => ownerWithToken(t, values);

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    stripe = sandboxStripe(sim);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('saves a card through a setup intent: a Stripe customer per account, the first card the default', async () => {
    const { user, token } = await owner();
    const visa = await saveCard(t, stripe, token);
    expect(visa).toMatchObject({ card_type: 'Visa', card_last_four: '4242', is_default: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeCustomerId).toMatch(/^cus_/);
    const amex = await saveCard(t, stripe, token, 'pm_card_amex');
    expect(amex).toMatchObject({ card_type: 'American Express', card_last_four: '0005', is_default: false });

    const list = (await call(token, 'GET', '/billing/card')).json().paymethods;
    expect(list).toEqual([
      {
        id: visa.id,
        card_type: 'Visa',
        card_last_four: '4242',
        expiry_date: expect.stringMatching(/^12\/\d\d$/),
        is_default: true,
      },
      {
        id: amex.id,
        card_type: 'American Express',
        card_last_four: '0005',
        expiry_date: expect.any(String),
        is_default: false,
      },
    ]);
    // One customer, whichever call made it.
    const [again] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.stripeCustomerId).toBe(row!.stripeCustomerId);
  });

  it('names every card type of the billing system', async () => {
    const { token } = await owner();
    const types = [];
    for (const method of ['pm_card_mastercard', 'pm_card_discover', 'pm_card_jcb', 'pm_card_diners']) {
      types.push((await saveCard(t, stripe, token, method)).card_type);
    }
    expect(types).toEqual(['MasterCard', 'Discover', 'JCB', 'Diners Club']);
  });

  it('sets the default and, deleting the default, moves it to another card and detaches it at Stripe', async () => {
    const { user, token } = await owner();
    const first = await saveCard(t, stripe, token);
    const second = await saveCard(t, stripe, token, 'pm_card_mastercard');
    const third = await saveCard(t, stripe, token, 'pm_card_discover');

    const made = await call(token, 'PATCH', `/billing/card/${third.id}`, { set_as_default: true });
    expect(made.statusCode).toBe(200);
    expect(
      made
        .json()
        .paymethods.filter((c: { is_default: boolean }) => c.is_default)
        .map((c: { id: number }) => c.id),
    ).toEqual([third.id]);
    const [customerId] = (await t.database.db.select().from(users).where(eq(users.id, user.id))).map(
      (u) => u.stripeCustomerId!,
    );
    const [thirdRow] = await t.database.db.select().from(paymentCards).where(eq(paymentCards.id, third.id));
    const customer = (await stripe.customers.retrieve(customerId!)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toBe(thirdRow!.gatewayMethodId);

    const deleted = await call(token, 'DELETE', `/billing/card/${third.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: CardText.deleted });
    expect(deleted.json().paymethods).toEqual([
      expect.objectContaining({ id: first.id, is_default: true }),
      expect.objectContaining({ id: second.id, is_default: false }),
    ]);
    expect((await stripe.paymentMethods.retrieve(thirdRow!.gatewayMethodId)).customer).toBeNull();
    expect((await call(token, 'DELETE', `/billing/card/${third.id}`)).statusCode).toBe(404);
  });

  it('refuses cards to an account whose e-mail is not verified', async () => {
    const { token } = await owner({ emailVerifiedAt: null });
    for (const [method, url, payload] of [
      ['GET', '/billing/setup-intent', undefined],
      ['POST', '/billing/save-payment-method', { setup_intent_id: 'seti_123' }],
    ] as const) {
      const response = await call(token, method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: CardText.emailUnverified, error: 'email_unverified' });
    }
  });

  it("saves only this account's confirmed setup intents, once", async () => {
    const a = await owner();
    const b = await owner();
    const setup = (await call(a.token, 'GET', '/billing/setup-intent')).json();
    const id = intentIdOf(setup.client_secret);
    expect(
      (await call(a.token, 'POST', '/billing/save-payment-method', { setup_intent_id: id })).statusCode,
    ).toBe(409);
    await stripe.setupIntents.confirm(id, { payment_method: 'pm_card_visa' });
    await call(b.token, 'GET', '/billing/setup-intent');
    const stolen = await call(b.token, 'POST', '/billing/save-payment-method', { setup_intent_id: id });
    expect(stolen.statusCode).toBe(404);
    const saved = await call(a.token, 'POST', '/billing/save-payment-method', { setup_intent_id: id });
    const again = await call(a.token, 'POST', '/billing/save-payment-method', { setup_intent_id: id });
    expect(saved.statusCode).toBe(201);
    expect(again.json().card.id).toBe(saved.json().card.id);
    expect((await call(a.token, 'GET', '/billing/card')).json().paymethods).toHaveLength(1);
    expect((await call(b.token, 'GET', '/billing/card')).json().paymethods).toEqual([]);
    expect((await call(b.token, 'DELETE', `/billing/card/${saved.json().card.id}`)).statusCode).toBe(404);
    expect(
      (await call(b.token, 'PATCH', `/billing/card/${saved.json().card.id}`, { set_as_default: true }))
        .statusCode,
    ).toBe(404);
  });

  it('does not save a card whose 3-D Secure check was not completed', async () => {
    const { token } = await owner();
    const id = intentIdOf((await call(token, 'GET', '/billing/setup-intent')).json().client_secret);
    const confirmed = await stripe.setupIntents.confirm(id, {
      payment_method: 'pm_card_threeDSecure2Required',
    });
    expect(confirmed.status).toBe('requires_action');
    const response = await call(token, 'POST', '/billing/save-payment-method', { setup_intent_id: id });
    expect(response.statusCode).toBe(409);
    expect((await call(token, 'GET', '/billing/card')).json().paymethods).toEqual([]);
  });

  it('answers 422 to bad input and changes nothing', async () => {
    const { token } = await owner();
    const card = await saveCard(t, stripe, token);
    const bad: [string, string, unknown][] = [
      ['POST', '/billing/save-payment-method', {}],
      ['POST', '/billing/save-payment-method', { setup_intent_id: 42 }],
      ['POST', '/billing/save-payment-method', { setup_intent_id: 'pi_123' }],
      ['POST', '/billing/save-payment-method', { setup_intent_id: 'seti_../../v1/customers' }],
      ['POST', '/billing/save-payment-method', { setup_intent_id: `seti_${'a'.repeat(300)}` }],
      ['POST', '/billing/save-payment-method', { setup_intent_id: 'seti_1\u0000' }],
      ['POST', '/billing/save-payment-method', []],
      ['PATCH', `/billing/card/${card.id}`, {}],
      ['PATCH', `/billing/card/${card.id}`, { set_as_default: 'true' }],
      ['PATCH', `/billing/card/${card.id}`, { set_as_default: 1 }],
      ['PATCH', `/billing/card/${card.id}`, { set_as_default: false }],
      ['PATCH', '/billing/card/abc', { set_as_default: true }],
      ['DELETE', '/billing/card/0', undefined],
      ['DELETE', '/billing/card/99999999999', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(token, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await call(token, 'GET', '/billing/card')).json().paymethods).toEqual([
      expect.objectContaining({ id: card.id, is_default: true }),
    ]);
  });

  it('lets owners and sub-accounts with billing use cards, and no one else', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const tokens = await accountCallerTokens(t, { a, b });
    const ownerToken = tokens.get('owner')!;
    const card = await saveCard(t, stripe, ownerToken);
    const billingCallers: AccountCaller[] = ['owner', 'subAll', 'subBilling', 'fullToken'];
    for (const caller of accountCallers) {
      const token = tokens.get(caller);
      const list = await call(token, 'GET', '/billing/card');
      const setup = await call(token, 'GET', '/billing/setup-intent');
      const patch = await call(token, 'PATCH', `/billing/card/${card.id}`, { set_as_default: true });
      const expected = (ok: number, changes: boolean) => {
        if (caller === 'guest' || /expired|revoked/.test(caller)) return 401;
        if (caller === 'otherOwner') return ok === 200 && !changes ? 200 : ok;
        if (caller === 'readToken') return changes ? 403 : ok;
        return billingCallers.includes(caller) ? ok : 403;
      };
      expect(list.statusCode, `${caller} list`).toBe(expected(200, false));
      expect(setup.statusCode, `${caller} setup`).toBe(caller === 'otherOwner' ? 200 : expected(200, true));
      expect(patch.statusCode, `${caller} patch`).toBe(caller === 'otherOwner' ? 404 : expected(200, true));
      if (caller === 'otherOwner') expect(list.json().paymethods).toEqual([]);
      if (caller === 'subBilling')
        expect(list.json().paymethods).toEqual([expect.objectContaining({ id: card.id })]);
    }
  });

  it('gives the browser the publishable key and the sandbox Stripe.js, and allows them in the CSP', async () => {
    const { token } = await owner();
    const response = await call(token, 'GET', '/billing/stripe/config');
    expect(response.json()).toEqual({
      publishable_key: expect.stringMatching(/^pk_test_/),
      js_url: `${sim.url}/stripe/v3/stripe.js`,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${sim.url}`);
    expect(csp).toContain(`frame-src 'self' ${sim.url}`);
    expect(csp).toContain(`connect-src 'self' ${sim.url}`);
    const script = await fetch(response.json().js_url);
    expect(await script.text()).toContain('confirmCardSetup');
  });
});

import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditLedger,
  invoiceItems,
  invoices,
  paymentCards,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { ensureDemoCard } from '../src/seed/demo-card.ts';
import { sandboxStripe } from './support/cards.ts';
import { bearer } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password2: password, ...(token ? { token } : {}) },
    });

  it('creates the demo accounts once; a second run changes nothing', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    expect(await seedDemo(t.app.ctx)).toBe(false);
    const users = await t.database.db.query.users.findMany();
    expect(users.map((u) => u.email).sort()).toEqual(
      [
        demoAccounts.owner,
        demoAccounts.subAccount,
        demoAccounts.unverified,
        demoAccounts.twoFactor,
        demoAccounts.staff,
      ]
        .map((a) => a.email)
        .sort(),
    );
  });

  it('lets each demo account sign in as API.md describes', async () => {
    const owner = (await login(demoAccounts.owner.email, demoAccounts.owner.password)).json();
    expect(owner.user).toMatchObject({ email_verified: true, is_sub_account: false, credit: '25.00' });

    const sub = (await login(demoAccounts.subAccount.email, demoAccounts.subAccount.password)).json();
    expect(sub.user).toMatchObject({
      email: demoAccounts.owner.email,
      is_sub_account: true,
      sub_account: {
        email: demoAccounts.subAccount.email,
        parsed_permissions: { order: false, services: true, billing: false, support: true },
      },
    });

    const unverified = (await login(demoAccounts.unverified.email, demoAccounts.unverified.password)).json();
    expect(unverified.user.email_verified).toBe(false);

    const twoFactor = (await login(demoAccounts.twoFactor.email, demoAccounts.twoFactor.password)).json();
    expect(twoFactor).toMatchObject({ requires_2fa: true, method: 'google_authenticator' });
  });

  it('gives the account pages what a customer of some months has, and the new owner nothing', async () => {
    const owner = (await login(demoAccounts.owner.email, demoAccounts.owner.password)).json();
    const get = async (token: string, url: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api${url}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();

    expect(owner.user).toMatchObject({ user_details_ok: true, phonenumberformatted: '+1.2125550100' });
    const { tokens } = await get(owner.token, '/api-tokens');
    expect(tokens).toEqual([
      expect.objectContaining({
        description: 'Uptime monitor (read-only)',
        scope: 'read',
        last_used_ip: '203.0.113.77',
      }),
    ]);
    const { sessions } = await get(owner.token, '/sessions');
    // The seeded browser on another computer, beside the sign-ins of this test.
    expect(sessions).toContainEqual(
      expect.objectContaining({
        browser: expect.stringMatching(/^Firefox/),
        os: expect.stringMatching(/^Windows/),
        current: false,
      }),
    );
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const { sub_accounts: subAccounts } = await get(owner.token, '/sub-accounts');
    expect(subAccounts).toEqual([
      expect.objectContaining({
        email: demoAccounts.subAccount.email,
        email_notifications: {
          generalemails: 1,
          invoiceemails: 0,
          productemails: 1,
          supportemails: 1,
          domainemails: 0,
        },
      }),
    ]);
    expect((await get(owner.token, '/ssh-keys')).data).toHaveLength(1);

    const unverified = (await login(demoAccounts.unverified.email, demoAccounts.unverified.password)).json();
    expect(unverified.user).toMatchObject({ user_details_ok: false, address1: '', phonenumber: '' });
  });
  it('gives the demo owner a billing history: every invoice status and item type, paid invoices with their transactions, and credit equal to its ledger', async () => {
    const owner = (await t.database.db.query.users.findMany()).find(
      (u) => u.email === demoAccounts.owner.email,
    )!;
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.userId, owner.id));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['Paid', 'Unpaid', 'Refunded', 'Cancelled']),
    );
    const items = await t.database.db.select().from(invoiceItems);
    const ownItems = items.filter((item) => rows.some((row) => row.id === item.invoiceId));
    expect(new Set(ownItems.map((item) => item.type))).toEqual(new Set(['Hosting', 'AddFunds', 'Setup']));

    const paid = await t.database.db.select().from(transactions).where(eq(transactions.userId, owner.id));
    expect(new Set(paid.map((row) => row.gateway))).toEqual(
      new Set(['stripe', 'paypal', 'cryptomusgateway']),
    );
    for (const invoice of rows.filter((row) => row.status === 'Paid')) {
      const received = paid
        .filter((row) => row.invoiceId === invoice.id)
        .reduce((sum, row) => sum + row.amountInCents - row.amountOutCents, 0);
      expect(received, `invoice ${invoice.id}`).toBe(invoice.totalCents);
      expect(invoice.paidCents).toBe(invoice.totalCents);
      expect(invoice.totalCents).toBe(invoice.subtotalCents - invoice.creditCents);
    }
    // One Unpaid hosting invoice with credit applied, still to pay.
    expect(rows.some((row) => row.status === 'Unpaid' && row.creditCents > 0 && row.totalCents > 0)).toBe(
      true,
    );

    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(owner.creditCents);
    expect(owner.creditCents).toBe(2500);
  });
});

describe('the demo owner’s saved card', () => {
  let sim: TestSimulator;
  let t: TestApp;
  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    await seedDemo(t.app.ctx);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('is a default Visa ending 4242 attached to its customer in the Stripe sandbox, made once', async () => {
    await ensureDemoCard(t.app.ctx, t.app.log);
    await ensureDemoCard(t.app.ctx, t.app.log);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: demoAccounts.owner.email, password2: demoAccounts.owner.password },
    });
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/billing/card',
      headers: bearer(login.json().token),
    });
    expect(cards.json().paymethods).toEqual([
      expect.objectContaining({ card_type: 'Visa', card_last_four: '4242', is_default: true }),
    ]);

    const [owner] = await t.database.db.select().from(users).where(eq(users.email, demoAccounts.owner.email));
    const [row] = await t.database.db.select().from(paymentCards).where(eq(paymentCards.userId, owner!.id));
    const stripe = sandboxStripe(sim);
    const customer = (await stripe.customers.retrieve(owner!.stripeCustomerId!)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toBe(row!.gatewayMethodId);
    const method = await stripe.paymentMethods.retrieve(row!.gatewayMethodId);
    expect(method).toMatchObject({ customer: customer.id, card: { brand: 'visa', last4: '4242' } });
  });
});

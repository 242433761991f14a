import { OperatorText, OrderText } from '@rackdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { promoCodes } from '../../src/db/schema/index.ts';
import { DemoProduct, DemoPromo } from '../../src/seed/catalog.ts';
import { bearer, createUser, eventually, loginToken, mailsTo } from '../support/fixtures.ts';
import { completeProfile } from '../support/gateways.ts';
import { grantCredit } from '../support/invoices.ts';
import {
  createOrderTestApp,
  orderingOwner,
  orderRecord,
  placeOrder,
  setStock,
  stockOf,
  vpsOrder,
} from '../support/orders.ts';
import { quickJobs, type TestApp } from '../support/test-app.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The fraud check (portal spec §2 Fraud Alert, §4, §8): a risky order is written, held with status
 * Fraud and answered 400; its invoice cannot be paid and nothing is provisioned until an operator
 * accepts or cancels it.
 */
describe('fraud-held orders', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({
      ...quickJobs,
      FRAUD_DISPOSABLE_DOMAINS: 'throwaway.example',
      FRAUD_ACCOUNT_ORDERS_PER_HOUR: '2',
      FRAUD_ADDRESS_ORDERS_PER_HOUR: '1000',
    }));
  });
  afterAll(() => close());

  const pid = DemoProduct.dwCpu4gNewYork;
  const promoUses = async () =>
    (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, DemoPromo.percentOnce)))[0]!
      .uses;

  /** A customer on a throwaway mailbox orders a stock-controlled VPS with a promotion code. */
  async function heldOrder() {
    const { user, token } = await orderingOwner(t, {
      email: `buyer-${Date.now()}-${Math.random()}@throwaway.example`,
    });
    const response = await placeOrder(
      t,
      token,
      await vpsOrder(t, { pid: [pid], promocode: DemoPromo.percentOnce }),
    );
    expect(response.statusCode, response.body).toBe(400);
    return { user, token, orderId: response.json().orderid as number, body: response.json() };
  }

  it('holds a risky order with 400, status Fraud, a Cancelled invoice and provisioning held', async () => {
    await setStock(t, pid, 5);
    const uses = await promoUses();
    const { body, orderId } = await heldOrder();
    expect(body).toEqual({ message: OrderText.fraudHeld, error: 'fraud_check_failed', orderid: orderId });
    const record = await orderRecord(t, orderId);
    expect(record.order).toMatchObject({ status: 'Fraud', fraudScore: 100 });
    expect(record.order.fraudHits).toEqual([
      { rule: 'disposable_email', score: 100, detail: 'disposable e-mail domain (throwaway.example)' },
    ]);
    expect(record.invoice).toMatchObject({ status: 'Cancelled', totalCents: 2700 });
    expect(record.services).toEqual([expect.objectContaining({ status: 'Pending', provider: null })]);
    expect(record.provisioning).toEqual([expect.objectContaining({ state: 'held' })]);
    // The stock and the promotion's use are taken, as for any order: they come back on cancel.
    expect(await stockOf(t, pid)).toBe(4);
    expect(await promoUses()).toBe(uses + 1);
  });

  it('refuses every way of paying a held order’s invoice', async () => {
    const { user, token, orderId } = await heldOrder();
    const { invoice } = await orderRecord(t, orderId);
    await grantCredit(t, user.id, 10_000);
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/apply-credit`,
      headers: bearer(token),
      payload: { amount: 1 },
    });
    expect(credit.statusCode).toBe(422);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/billing/cryptomus/pay',
      headers: bearer(token),
      payload: { invoiceid: invoice.id },
    });
    expect(crypto.statusCode, crypto.body).toBeGreaterThanOrEqual(400);
    expect(crypto.statusCode).toBeLessThan(500);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      headers: bearer(token),
    });
    expect(shown.json()).toMatchObject({ status: 'Cancelled' });
    expect((await orderRecord(t, orderId)).invoice).toMatchObject({
      status: 'Cancelled',
      paidCents: 0,
      creditCents: 0,
    });
  });

  it('mails no confirmation for a held order', async () => {
    const { orderId } = await heldOrder();
    const queued = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'billing-mail' and data->>'orderId' = ${String(orderId)}`,
    );
    expect(queued[0]!.n).toBe(0);
  });

  /** The operator API's decision on a held order, as support staff make it. */
  const decide = async (orderId: number, decision: 'accept' | 'cancel', token?: string) => {
    if (!token) {
      const staff = await createUser(t, { role: 'operator' });
      token = await loginToken(t.app, staff.email, staff.password);
    }
    return t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${orderId}/${decision}`,
      headers: bearer(token),
    });
  };

  it('cancelling a held order gives the stock and the promotion use back, and cancels its services', async () => {
    await setStock(t, pid, 5);
    const { orderId, token } = await heldOrder();
    const uses = await promoUses();
    expect(await stockOf(t, pid)).toBe(4);
    // A customer cannot decide, not even on their own order.
    const customer = await decide(orderId, 'cancel', token);
    expect(customer.statusCode).toBe(403);
    const cancelled = await decide(orderId, 'cancel');
    expect(cancelled.json()).toEqual({
      result: 'success',
      message: OperatorText.orderCancelled,
      orderid: orderId,
      status: 'Cancelled',
    });
    expect(await stockOf(t, pid)).toBe(5);
    expect(await promoUses()).toBe(uses - 1);
    const record = await orderRecord(t, orderId);
    expect(record.order.status).toBe('Cancelled');
    expect(record.invoice.status).toBe('Cancelled');
    expect(record.services.map((s) => s.status)).toEqual(['Cancelled']);
    expect(record.provisioning).toEqual([]);
    // Decided once: a second decision finds it no longer held.
    for (const decision of ['cancel', 'accept'] as const) {
      const again = await decide(orderId, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(OperatorText.orderNotHeld);
    }
    expect(await stockOf(t, pid)).toBe(5);
  });

  it('accepting a held order makes its invoice payable, due today, and mails the confirmation', async () => {
    const { user, orderId } = await heldOrder();
    const accepted = await decide(orderId, 'accept');
    expect(accepted.json()).toMatchObject({ result: 'success', orderid: orderId, status: 'Pending' });
    const record = await orderRecord(t, orderId);
    expect(record.invoice).toMatchObject({ status: 'Unpaid', date: today(), dueDate: today() });
    expect(record.provisioning.map((row) => row.state)).toEqual(['waiting']);
    const mail = await eventually(() =>
      mailsTo(t, user.email).find((m) => m.subject.startsWith('Order Confirmation')),
    );
    expect(mail.subject).toBe(`Order Confirmation - Order #${record.order.orderNumber}`);
    const missing = await decide(999_999, 'accept');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(OperatorText.orderNotFound);
  });

  it('lets one signal pass and holds two together: velocity alone, then with incomplete details', async () => {
    const user = await createUser(t, { ...completeProfile, phonenumber: '' });
    const token = await loginToken(t.app, user.email, user.password);
    const order = await vpsOrder(t, { paymentmethod: 'cryptomusgateway' });
    // Incomplete details (30) alone pass; with two orders in the hour (60) the third is held.
    expect((await placeOrder(t, token, order)).statusCode).toBe(200);
    expect((await placeOrder(t, token, order)).statusCode).toBe(200);
    const held = await placeOrder(t, token, order);
    expect(held.statusCode).toBe(400);
    const record = await orderRecord(t, held.json().orderid);
    expect(record.order.fraudHits.map((hit) => hit.rule)).toEqual(['account_velocity', 'incomplete_details']);
    expect(record.order.fraudScore).toBe(90);

    const complete = await orderingOwner(t);
    for (let i = 0; i < 3; i++) {
      expect((await placeOrder(t, complete.token, await vpsOrder(t))).statusCode).toBe(200);
    }
  });
});

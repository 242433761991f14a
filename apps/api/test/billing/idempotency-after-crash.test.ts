import { IDEMPOTENCY_TEXT } from '@rackdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, invoices, orders } from '../../src/db/schema/index.ts';
import { markEffect } from '../../src/http/idempotency-keys.ts';
import { bearer } from '../support/fixtures.ts';
import { createInvoice, creditAndLedger, grantCredit, ledgerRows } from '../support/invoices.ts';
import { createOrderTestApp, orderingOwner, placeOrder, vpsOrder } from '../support/orders.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * An Idempotency-Key whose call's server died (a crash, a kill) before the answer was stored: the
 * retry must neither wait forever ("still being processed") nor act twice. The rows below are
 * what such a death leaves: a claim and no change, or a change and no answer.
 */
describe('Idempotency-Key after the server died in the middle of the call', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({ FRAUD_CHECK: 'off', IDEMPOTENCY_CLAIM_SECONDS: '5' }));
  });
  afterAll(() => close());

  const keyRow = async (userId: number, key: string) => {
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row!;
  };
  /** The answer the dead server never stored: the change committed, the answer is gone. */
  const loseAnswer = (userId: number, key: string) =>
    t.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  /** A claim of a server that died before it changed anything, `seconds` ago. */
  const abandonedClaim = (userId: number, key: string, operation: string, body: unknown, seconds: number) =>
    t.database.db.insert(idempotencyKeys).values({
      userId,
      key,
      operation,
      requestHash: sql`encode(sha256(convert_to(${JSON.stringify(body)}, 'UTF8')), 'hex')`,
      claimToken: 'dead-server-token',
      claimedAt: sql`now() - ${`${seconds} seconds`}::interval`,
    });

  it('answers a retry of Apply Credit whose answer was lost from what it changed, without applying again', async () => {
    const { user, token } = await orderingOwner(t);
    await grantCredit(t, user.id, 5000);
    const invoiceId = await createInvoice(t, user.id, { cents: 3000 });
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/invoices/${invoiceId}/apply-credit`,
        headers: { ...bearer(token), 'idempotency-key': 'apply-once' },
        payload: { amount: 10 },
      });
    const first = await call();
    expect(first.statusCode, first.body).toBe(200);
    expect((await keyRow(user.id, 'apply-once')).effectRef).toBe(String(invoiceId));
    await loseAnswer(user.id, 'apply-once');

    const retry = await call();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await creditAndLedger(t, user.id)).toEqual({ credit: 4000, ledgerSum: 4000 });
    expect(await ledgerRows(t, user.id)).toHaveLength(2);
  });

  it('answers a retry of an order whose answer was lost with the order placed, and places none more', async () => {
    const { user, token } = await orderingOwner(t);
    const body = await vpsOrder(t, { domain: 'lost-answer.example.net' });
    const headers = { 'idempotency-key': 'order-once' };
    const first = await placeOrder(t, token, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    await loseAnswer(user.id, 'order-once');

    const retry = await placeOrder(t, token, body, headers);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('lets a retry take over a claim its dead server left without a change, once the claim time is over', async () => {
    const { user, token } = await orderingOwner(t);
    const body = { amount: 20 };
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/invoices/funds',
        headers: { ...bearer(token), 'idempotency-key': 'deposit-after-crash' },
        payload: body,
      });
    await abandonedClaim(user.id, 'deposit-after-crash', 'POST /api/invoices/funds', body, 1);
    // Within the claim time the call may still be running elsewhere.
    const early = await call();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(IDEMPOTENCY_TEXT.inProgress);

    await t.database.db
      .update(idempotencyKeys)
      .set({ claimedAt: sql`now() - interval '6 seconds'` })
      .where(eq(idempotencyKeys.key, 'deposit-after-crash'));
    const retry = await call();
    expect(retry.statusCode, retry.body).toBe(200);
    const again = await call();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(1);
  });

  it('refuses the change of a call whose key was taken over meanwhile: it rolls back', async () => {
    const { user } = await orderingOwner(t);
    await abandonedClaim(user.id, 'fenced', 'POST /api/invoices/funds', { amount: 10 }, 60);
    const stale = { userId: user.id, key: 'fenced', token: 'an-older-token' };
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(invoices).values({
          userId: user.id,
          date: '2026-01-01',
          dueDate: '2026-01-01',
          status: 'Unpaid',
        });
        await markEffect(tx, stale, 1);
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, user.id))).toEqual([]);
    expect((await keyRow(user.id, 'fenced')).effectRef).toBeNull();
  });
});

import { ErrorText, OrderText } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/modules/users/users.repository.ts';
import { allPermissions, createUser, loginToken, noPermissions } from '../support/fixtures.ts';
import { completeProfile } from '../support/gateways.ts';
import { createOrderTestApp, orderingOwner, placeOrder, vpsOrder, writtenFor } from '../support/orders.ts';
import type { TestApp } from '../support/test-app.ts';

/** Who may order (portal spec §4, §6, §8): signed in, verified, a sub-account with `order`, details for cards. */
describe('order access', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({ FRAUD_CHECK: 'off' }));
  });
  afterAll(() => close());

  it('asks a guest to sign in', async () => {
    const response = await placeOrder(t, undefined, await vpsOrder(t));
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unverified e-mail address with the spec’s text, and writes nothing', async () => {
    const { user, token } = await orderingOwner(t, { emailVerifiedAt: null });
    const response = await placeOrder(t, token, await vpsOrder(t));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your email address is not verified.',
      error: 'email_unverified',
    });
    expect(await writtenFor(t, user.id)).toEqual({ orders: [], services: [], invoices: [] });
  });

  it('lets a sub-account with the order permission order for its owner, and refuses one without', async () => {
    const { user: owner } = await orderingOwner(t);
    const withOrder = await createUser(t, {
      parentId: owner.id,
      permissions: { ...noPermissions, order: true },
    });
    const without = await createUser(t, {
      parentId: owner.id,
      permissions: { ...allPermissions, order: false },
    });

    const refused = await placeOrder(
      t,
      await loginToken(t.app, without.email, without.password),
      await vpsOrder(t),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: ErrorText.permissionRequired('order'),
      error: 'permission_required',
      required_permission: 'order',
    });
    expect(await writtenFor(t, owner.id)).toEqual({ orders: [], services: [], invoices: [] });

    const placed = await placeOrder(
      t,
      await loginToken(t.app, withOrder.email, withOrder.password),
      await vpsOrder(t),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const written = await writtenFor(t, owner.id);
    expect(written.orders).toEqual([expect.objectContaining({ userId: owner.id, placedBy: withOrder.id })]);
    expect(written.services).toEqual([expect.objectContaining({ userId: owner.id, status: 'Pending' })]);
  });

  it('refuses a closed account', async () => {
    const { user, token } = await orderingOwner(t);
    await new UsersRepository(t.database.db).update(user.id, { closedAt: new Date() });
    const response = await placeOrder(t, token, await vpsOrder(t));
    expect([401, 403]).toContain(response.statusCode);
    expect(await writtenFor(t, user.id)).toEqual({ orders: [], services: [], invoices: [] });
  });

  it('needs the profile details for a card or PayPal, not for crypto', async () => {
    const user = await createUser(t, { ...completeProfile, address1: '', phonenumber: '+1.1111111111' });
    const token = await loginToken(t.app, user.email, user.password);
    for (const paymentmethod of ['stripe', 'paypal'] as const) {
      const response = await placeOrder(t, token, await vpsOrder(t, { paymentmethod }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: OrderText.detailsRequired, error: 'user_details_required' });
    }
    expect(await writtenFor(t, user.id)).toEqual({ orders: [], services: [], invoices: [] });
    const crypto = await placeOrder(t, token, await vpsOrder(t, { paymentmethod: 'cryptomusgateway' }));
    expect(crypto.statusCode, crypto.body).toBe(200);
  });

  it('takes stripe when no payment method is sent', async () => {
    const { user, token } = await orderingOwner(t);
    const { paymentmethod: _, ...order } = await vpsOrder(t);
    expect((await placeOrder(t, token, order)).statusCode).toBe(200);
    expect((await writtenFor(t, user.id)).invoices[0]).toMatchObject({ paymentMethod: 'stripe' });
  });
});

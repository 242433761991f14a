import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../../src/seed/catalog.ts';
import {
  createOrderTestApp,
  orderingOwner,
  placeOrder,
  setStock,
  stockOf,
  vpsOrder,
  writtenFor,
} from '../support/orders.ts';
import type { TestApp } from '../support/test-app.ts';

/** Stock (portal spec §5 'Only N left'): taken in the order's transaction, never below zero. */
describe('order stock', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({ FRAUD_CHECK: 'off' }));
  });
  afterAll(() => close());

  it('lets exactly 3 of 20 parallel orders take the last 3 units; the rest get 409 out_of_stock', async () => {
    const pid = DemoProduct.dwCpu4gNewYork;
    await setStock(t, pid, 3);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => orderingOwner(t)));
    const order = await vpsOrder(t, { pid: [pid] });
    const answers = await Promise.all(buyers.map(({ token }) => placeOrder(t, token, order)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      // Refused either before the transaction (the stock read as gone) or inside it (taken meanwhile).
      if (answer.statusCode === 409) {
        expect(answer.json()).toEqual({ message: 'This product is out of stock.', error: 'out_of_stock' });
      } else {
        expect(answer.statusCode).toBe(422);
        expect(answer.json().errors).toEqual({ quantity: ['This product is out of stock.'] });
      }
    }
    expect(await stockOf(t, pid)).toBe(0);
    const written = await Promise.all(buyers.map(({ user }) => writtenFor(t, user.id)));
    expect(written.flatMap((w) => w.services)).toHaveLength(3);
    expect(written.flatMap((w) => w.invoices)).toHaveLength(3);
  });

  it('takes the quantity ordered, and refuses more than is left with "Only N left"', async () => {
    const pid = DemoProduct.dwCpu8gNewYork;
    await setStock(t, pid, 5);
    const { token } = await orderingOwner(t);
    const order = await vpsOrder(t, { pid: [pid] });
    expect((await placeOrder(t, token, { ...order, quantity: 2 })).statusCode).toBe(200);
    expect(await stockOf(t, pid)).toBe(3);
    const refused = await placeOrder(t, token, { ...order, quantity: 4 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ quantity: ['Only 3 left'] });
    expect(await stockOf(t, pid)).toBe(3);
  });

  it('leaves a product without stock control unlimited', async () => {
    const { token } = await orderingOwner(t);
    const response = await placeOrder(t, token, await vpsOrder(t, { quantity: 5 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(t, DemoProduct.dw4gNewYork)).toBe(0);
  });
});

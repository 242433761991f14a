import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoices, services } from '../../src/db/schema/index.ts';
import { DemoProduct, DemoPromo } from '../../src/seed/catalog.ts';
import { payInvoice } from '../support/invoices.ts';
import {
  catalogIds,
  createOrderTestApp,
  orderingOwner,
  orderRecord,
  placeOrder,
  vpsOrder,
} from '../support/orders.ts';
import type { TestSimulator } from '../support/simulator.ts';
import type { TestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;

/**
 * Promotion codes of every kind (portal spec §3 Promo code, §5) change the order's invoice as the
 * shared pricing says: percentage or fixed, one-time, for N renewals or for life, cycle-limited.
 */
describe('order promotion codes', () => {
  let t: TestApp;
  let sim: TestSimulator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sim, close } = await createOrderTestApp({ FRAUD_CHECK: 'off' }));
  });
  afterAll(() => close());

  async function ordered(change: Parameters<typeof vpsOrder>[1]) {
    const { token } = await orderingOwner(t);
    const response = await placeOrder(t, token, await vpsOrder(t, change));
    expect(response.statusCode, response.body).toBe(200);
    return orderRecord(t, response.json().orderid);
  }
  const lines = (record: Awaited<ReturnType<typeof ordered>>) =>
    record.items.map((item) => [
      item.description.split('\n')[0]!.replace(/ \(\d{4}-\d\d-\d\d - \d{4}-\d\d-\d\d\)$/, ''),
      item.amountCents,
    ]);

  it('a one-time percentage: off the first invoice only', async () => {
    const record = await ordered({ promocode: DemoPromo.percentOnce.toLowerCase() });
    expect(lines(record)).toEqual([
      ['DW-4G - web02.example.net', 2000],
      ['Promotional Code: WELCOME10 - 10% off the first invoice (one-time discount)', -200],
    ]);
    expect(record.invoice.totalCents).toBe(1800);
    expect(record.order.promoCodeId).not.toBeNull();
    expect(record.services[0]).toMatchObject({
      firstPaymentCents: 1800,
      recurringAmountCents: 2000,
      promoRenewalsLeft: null,
      undiscountedRecurringCents: null,
    });
  });

  it('a one-time fixed amount', async () => {
    const record = await ordered({ promocode: DemoPromo.fixedOnce });
    expect(record.invoice.totalCents).toBe(1500);
    expect(record.services[0]).toMatchObject({ firstPaymentCents: 1500, recurringAmountCents: 2000 });
  });

  it('a lifetime fixed amount lowers the recurring price for good', async () => {
    const record = await ordered({ promocode: DemoPromo.fixedLifetime });
    expect(record.invoice.totalCents).toBe(1800);
    expect(record.services[0]).toMatchObject({
      firstPaymentCents: 1800,
      recurringAmountCents: 1800,
      promoRenewalsLeft: null,
      undiscountedRecurringCents: null,
    });
  });

  it('a cycle-limited code holds for its cycles only', async () => {
    // Annually: 12 months less 10 % = $216.00, 15 % off = $32.40.
    const record = await ordered({ promocode: DemoPromo.annualOnly, billingcycle: ['annually'] });
    expect(record.invoice.totalCents).toBe(18_360);
  });

  it('takes the percentage off the setup fee too, per unit, and a product-limited code on its products', async () => {
    const { token } = await orderingOwner(t);
    const ids = await catalogIds(t, DemoProduct.instantE3NewYork);
    const dedicated = (promocode: string, quantity = 1) => ({
      pid: [DemoProduct.instantE3NewYork],
      billingcycle: ['monthly'],
      configoptions: [
        { id: ids.option('Operating System'), optionid: ids.choice('Operating System', 'Debian 12') },
      ],
      domain: 'db02.example.net',
      paymentmethod: 'stripe',
      promocode,
      quantity,
    });
    const percent = await placeOrder(t, token, dedicated(DemoPromo.percentOnce, 2));
    expect(percent.statusCode, percent.body).toBe(200);
    // Per unit: (8900 + 4900) less 10 % = 12420; two of them.
    const twice = await orderRecord(t, percent.json().orderid);
    expect(twice.invoice.totalCents).toBe(24_840);
    expect(twice.items.filter((item) => item.amountCents < 0).map((item) => item.amountCents)).toEqual([
      -1380, -1380,
    ]);
    const fixed = await placeOrder(t, token, dedicated(DemoPromo.dedicatedOnly));
    expect((await orderRecord(t, fixed.json().orderid)).invoice.totalCents).toBe(8900 + 4900 - 2500);
  });

  it('a code for N renewals: discounted on the first invoice and N renewals, then back to the full price', async () => {
    const record = await ordered({ promocode: DemoPromo.percentRecurring3 });
    const [service] = record.services;
    expect(record.invoice.totalCents).toBe(1600);
    expect(service).toMatchObject({
      firstPaymentCents: 1600,
      recurringAmountCents: 1600,
      promoRenewalsLeft: 3,
      undiscountedRecurringCents: 2000,
    });
    // Paid and provisioned (provisioning's part, done here by hand): the service renews.
    await payInvoice(t, record.invoice.id, {
      gateway: 'stripe',
      transId: `ch_promo_${record.invoice.id}`,
      cents: 1600,
    });
    await t.database.db.update(services).set({ status: 'Active' }).where(eq(services.id, service!.id));

    const renewals: number[] = [];
    for (let renewal = 1; renewal <= 4; renewal++) {
      await sim.advance(31 * DAY_MS);
      await t.app.ctx.billingCycle.run();
      const raised = await t.database.db
        .select({ id: invoices.id, totalCents: invoices.totalCents, status: invoices.status })
        .from(invoices)
        .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
        .where(eq(invoiceItems.serviceId, service!.id))
        .orderBy(invoices.id);
      const open = raised.filter((invoice) => invoice.status === 'Unpaid');
      expect(open, `renewal ${renewal}`).toHaveLength(1);
      renewals.push(open[0]!.totalCents);
      await payInvoice(t, open[0]!.id, {
        gateway: 'stripe',
        transId: `ch_renew_${open[0]!.id}`,
        cents: open[0]!.totalCents,
      });
      const [row] = await t.database.db.select().from(services).where(eq(services.id, service!.id));
      expect(row!.promoRenewalsLeft, `after renewal ${renewal}`).toBe(renewal < 3 ? 3 - renewal : null);
      expect(row!.recurringAmountCents).toBe(renewal < 3 ? 1600 : 2000);
      expect(row!.undiscountedRecurringCents).toBe(renewal < 3 ? 2000 : null);
    }
    expect(renewals).toEqual([1600, 1600, 1600, 2000]);
  });
});

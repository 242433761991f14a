import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoices, services, users } from '../../src/db/schema/index.ts';
import { demoAccounts } from '../../src/seed/demo-accounts.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;

describe('the billing cycle on the demo data', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerId: number;
  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    await seedDemo(t.app.ctx);
    const [owner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.owner.email));
    ownerId = owner!.id;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const renewedServices = async () =>
    (
      await t.database.db
        .select({ domain: services.domain, start: invoiceItems.periodStart })
        .from(invoiceItems)
        .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
        .innerJoin(services, eq(services.id, invoiceItems.serviceId))
        .where(eq(invoices.userId, ownerId))
    )
      .filter((line) => line.start !== null)
      .map((line) => line.domain)
      .sort();
  const statuses = () =>
    t.database.db
      .select({ id: services.id, status: services.status, due: services.nextDueDate })
      .from(services)
      .where(eq(services.userId, ownerId))
      .orderBy(services.id);

  it('raises, notices and suspends nothing on the first run after the seed', async () => {
    const before = await statuses();
    expect(await t.app.ctx.billingCycle.run()).toMatchObject({
      invoicesRaised: 0,
      overdueNotices: 0,
      suspended: 0,
      unsuspended: 0,
    });
    expect(await statuses()).toEqual(before);
    // The seed's renewals: the New York block's paid period, the Chicago block's raised early, web01's.
    expect(await renewedServices()).toEqual([
      'Storage Block 250 GB',
      'Storage Block 500 GB',
      'web01.demo.example',
    ]);
  });

  it('renews the New York block once its due date comes within the renewal window', async () => {
    await sim.advance(3 * DAY_MS);
    expect(await t.app.ctx.billingCycle.run()).toMatchObject({ invoicesRaised: 1, suspended: 0 });
    expect(await renewedServices()).toEqual([
      'Storage Block 250 GB',
      'Storage Block 250 GB',
      'Storage Block 500 GB',
      'web01.demo.example',
    ]);
  });
});

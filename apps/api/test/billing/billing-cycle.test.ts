import { SUB_ACCOUNT_DEFAULTS } from '@rackdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoices, serviceCancellations, services, users } from '../../src/db/schema/index.ts';
import { todayUtc } from '../../src/lib/dates.ts';
import { addDays, nextDueDate } from '../../src/modules/billing/cycle/cycle-dates.ts';
import { createDedicatedService, resetServer } from '../support/dedicated-servers.ts';
import { createService, createUser, eventually, mailsTo } from '../support/fixtures.ts';
import { createInvoice, invoiceRow } from '../support/invoices.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import {
  createTestApp,
  createTestDatabase,
  quickJobs,
  type TestApp,
  type TestDatabase,
} from '../support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from '../support/vps2-servers.ts';

const DAY_MS = 86_400_000;
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe('billing cycle: renewals, overdue notices, suspension and unsuspension on the simulated clock', () => {
  let sim: TestSimulator;
  let t: TestApp;
  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({ ...quickJobs, ...sim.env });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  /** Today as the billing cycle sees it: the simulator's day. */
  const today = async () => todayUtc(await t.app.ctx.billingCycle.clock.now());
  const advanceDays = (days: number) => sim.advance(days * DAY_MS);
  const runCycle = () => t.app.ctx.billingCycle.run();

  const invoicesOf = (userId: number) =>
    t.database.db
      .select({
        id: invoices.id,
        date: invoices.date,
        dueDate: invoices.dueDate,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paymentMethod: invoices.paymentMethod,
        serviceId: invoiceItems.serviceId,
        type: invoiceItems.type,
        description: invoiceItems.description,
        periodStart: invoiceItems.periodStart,
        periodEnd: invoiceItems.periodEnd,
      })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
      .where(eq(invoices.userId, userId))
      .orderBy(invoices.id);
  const serviceRow = async (id: number) =>
    (await t.database.db.select().from(services).where(eq(services.id, id)))[0]!;
  const subjects = (email: string) => mailsTo(t, email).map((mail) => mail.subject);
  /** What a gateway would report for the whole invoice, one transaction id per invoice. */
  const payInFull = (invoice: { id: number; totalCents: number }) =>
    t.app.ctx.settlement.recordPayment({
      gateway: 'stripe',
      transId: `ch_cycle_${invoice.id}`,
      invoiceId: invoice.id,
      amountCents: invoice.totalCents,
      currency: 'USD',
    });
  /** Waits for the mail with `subject`, then checks it came once. */
  const mailedOnce = async (email: string, subject: string) => {
    await eventually(() => subjects(email).includes(subject));
    expect(subjects(email).filter((s) => s === subject)).toHaveLength(1);
  };

  it('reads the day from the simulator, which tests move forward', async () => {
    const before = await today();
    await advanceDays(2);
    expect(await today()).toBe(addDays(before, 2));
  });

  it('raises a renewal invoice renewalDays before the due date, once however often the cycle runs', async () => {
    const user = await createUser(t);
    await t.database.db.update(users).set({ defaultGateway: 'paypal' }).where(eq(users.id, user.id));
    // Sub-accounts get the invoice mails when they chose to (portal spec §3 invoiceemails).
    const notifications = { ...SUB_ACCOUNT_DEFAULTS.email_notifications, invoiceemails: 1 as const };
    const billingContact = await createUser(t, { parentId: user.id, emailNotifications: notifications });
    const quietContact = await createUser(t, {
      parentId: user.id,
      emailNotifications: SUB_ACCOUNT_DEFAULTS.email_notifications,
    });
    const day = await today();
    const service = await createService(t, user.id, {
      billingCycle: 'Quarterly',
      regDate: addDays(day, -80),
      nextDueDate: addDays(day, 10),
      recurringAmountCents: 4500,
      domain: 'renew.example.net',
    });

    await runCycle();
    expect(await invoicesOf(user.id)).toEqual([]);

    await advanceDays(3);
    await runCycle();
    await runCycle();
    await Promise.all([runCycle(), runCycle()]);
    const due = service.nextDueDate!;
    const periodEnd = nextDueDate(due, 'Quarterly', service.regDate)!;
    expect(await invoicesOf(user.id)).toEqual([
      {
        id: expect.any(Number),
        date: addDays(day, 3),
        dueDate: due,
        status: 'Unpaid',
        totalCents: 4500,
        paymentMethod: 'paypal',
        serviceId: service.id,
        type: 'Hosting',
        description: `DW-4G - renew.example.net (${due} - ${addDays(periodEnd, -1)})`,
        periodStart: due,
        periodEnd,
      },
    ]);
    const [invoice] = await invoicesOf(user.id);
    await mailedOnce(user.email, `Customer Invoice - Invoice #${invoice!.id}`);
    await mailedOnce(billingContact.email, `Customer Invoice - Invoice #${invoice!.id}`);
    expect(mailsTo(t, quietContact.email)).toEqual([]);
    // Raising it changed nothing else: the service is due on the same day until it is paid.
    expect((await serviceRow(service.id)).nextDueDate).toBe(due);
  });

  it('does not renew One Time services, free ones, nor one with a pending cancellation', async () => {
    const user = await createUser(t);
    const due = addDays(await today(), 1);
    await createService(t, user.id, { billingCycle: 'One Time', nextDueDate: due });
    await createService(t, user.id, { billingCycle: 'Free Account', nextDueDate: due });
    await createService(t, user.id, { recurringAmountCents: 0, nextDueDate: due });
    await createService(t, user.id, { status: 'Suspended', nextDueDate: due });
    const leaving = await createService(t, user.id, { nextDueDate: due });
    await t.database.db
      .insert(serviceCancellations)
      .values({ serviceId: leaving.id, type: 'End of Billing Period', reason: 'Moving on.' });
    await runCycle();
    expect(await invoicesOf(user.id)).toEqual([]);
  });

  it('sends one overdue notice per unpaid invoice past its due date, none for a deposit', async () => {
    const user = await createUser(t);
    const simulatedDaysAhead = Math.round((Date.parse(await today()) - Date.parse(todayUtc())) / DAY_MS);
    const overdue = await createInvoice(t, user.id, { cents: 1200, dueInDays: simulatedDaysAhead - 1 });
    const deposit = await createInvoice(t, user.id, {
      cents: 2000,
      type: 'AddFunds',
      dueInDays: simulatedDaysAhead - 1,
    });
    const notYet = await createInvoice(t, user.id, { cents: 900, dueInDays: simulatedDaysAhead });

    await Promise.all([runCycle(), runCycle()]);
    await runCycle();
    await mailedOnce(user.email, `Invoice Overdue Notice - Invoice #${overdue}`);
    expect((await invoiceRow(t, overdue)).overdueNoticeAt).toBeInstanceOf(Date);
    expect((await invoiceRow(t, deposit)).overdueNoticeAt).toBeNull();
    expect((await invoiceRow(t, notYet)).overdueNoticeAt).toBeNull();
    expect(subjects(user.email).filter((s) => s.startsWith('Invoice Overdue Notice'))).toHaveLength(1);
  });

  it('suspends the servers of an invoice left unpaid past the grace, and paying unsuspends them and moves the due date', async () => {
    const user = await createUser(t);
    const serverId = 771;
    const vmid = 7710;
    await resetServer(sim, serverId);
    const day = await today();
    const dedicated = await createDedicatedService(t, user.id, serverId, {
      regDate: addDays(day, -28),
      nextDueDate: addDays(day, 2),
      recurringAmountCents: 8900,
    });
    const vps = await createVps2Service(t, sim, user.id, vmid, {
      service: { regDate: addDays(day, -28), nextDueDate: addDays(day, 2), recurringAmountCents: 2000 },
    });

    await runCycle();
    const raised = await invoicesOf(user.id);
    expect(raised.map((row) => row.serviceId).sort()).toEqual([dedicated.id, vps.id].sort());
    const invoiceOf = (serviceId: number) => raised.find((row) => row.serviceId === serviceId)!;

    // Overdue the day after the due date: a notice, still running.
    await advanceDays(3);
    await runCycle();
    for (const { id } of raised) await mailedOnce(user.email, `Invoice Overdue Notice - Invoice #${id}`);
    expect((await serviceRow(dedicated.id)).status).toBe('Active');

    // Three days past due (BILLING_SUSPEND_AFTER_DAYS): suspended, upstream and in the panel.
    await advanceDays(2);
    const run = await runCycle();
    expect(run.suspended).toBeGreaterThanOrEqual(2);
    await runCycle();
    for (const id of [dedicated.id, vps.id]) {
      expect(await serviceRow(id)).toMatchObject({
        status: 'Suspended',
        suspensionReason: 'Overdue on Payment',
      });
    }
    await sim.advance(LONG_ENOUGH_MS);
    const { dedicated: tenantos, proxmox } = t.app.ctx.providers;
    expect(await tenantos.getPowerStatus(serverId)).toEqual({ status: 'offline' });
    expect((await proxmox.getServer(vmid)).status).toBe('stopped');
    await mailedOnce(user.email, `Service Suspended - Xeon E3-1230 v6 - ded${serverId}.example.net`);
    await mailedOnce(user.email, `Service Suspended - DW-4G - vm${vmid}.example.net`);

    // Paying one invoice lifts its service's suspension only, and moves its due date by one period.
    const paid = invoiceOf(dedicated.id);
    const outcome = await payInFull(paid);
    expect(outcome).toMatchObject({ kind: 'recorded', invoicePaid: true });
    expect((await serviceRow(dedicated.id)).nextDueDate).toBe(paid.periodEnd);
    await eventually(async () => (await serviceRow(dedicated.id)).status === 'Active');
    expect((await serviceRow(dedicated.id)).suspensionReason).toBe('');
    await sim.advance(LONG_ENOUGH_MS);
    expect(await tenantos.getPowerStatus(serverId)).toEqual({ status: 'online' });
    expect(await serviceRow(vps.id)).toMatchObject({ status: 'Suspended', nextDueDate: addDays(day, 2) });
    await mailedOnce(user.email, `Invoice Payment Confirmation - Invoice #${paid.id}`);

    // Paid again (a replayed callback) or run again: nothing moves twice.
    expect(await payInFull(paid)).toEqual({ kind: 'duplicate' });
    await runCycle();
    expect((await serviceRow(dedicated.id)).nextDueDate).toBe(paid.periodEnd);
    expect(await invoicesOf(user.id)).toHaveLength(2);

    const other = invoiceOf(vps.id);
    await payInFull(other);
    await eventually(async () => (await serviceRow(vps.id)).status === 'Active');
    await sim.advance(LONG_ENOUGH_MS);
    expect((await proxmox.getServer(vmid)).status).toBe('running');
    expect((await serviceRow(vps.id)).nextDueDate).toBe(other.periodEnd);
  });

  it('leaves the row as it was when the platform fails, and suspends on a later run', async () => {
    const user = await createUser(t);
    const serverId = 772;
    await resetServer(sim, serverId);
    const day = await today();
    const service = await createDedicatedService(t, user.id, serverId, { nextDueDate: addDays(day, -4) });
    const invoiceId = await createRenewal(service.id, user.id, addDays(day, -4));

    await sim.control('POST', '/faults', {
      upstream: 'tenantos',
      pathContains: `/servers/${serverId}/power`,
      mode: 'error',
      status: 500,
      count: 20,
    });
    await expect(runCycle()).rejects.toThrow(/could not be switched/);
    expect(await serviceRow(service.id)).toMatchObject({ status: 'Active', suspensionReason: '' });
    await sim.control('DELETE', '/faults');

    await runCycle();
    expect((await serviceRow(service.id)).status).toBe('Suspended');
    await mailedOnce(user.email, `Service Suspended - Xeon E3-1230 v6 - ded${serverId}.example.net`);
    expect((await invoiceRow(t, invoiceId)).status).toBe('Unpaid');
  });

  it('runs as the billing-cycle job', async () => {
    const id = await t.app.ctx.jobs.send('billing-cycle', {});
    const job = await eventually(async () => {
      const found = await t.app.ctx.jobs.find('billing-cycle', id!);
      return found?.state === 'completed' && found;
    });
    expect(job.output).toMatchObject({ today: await today() });
  });

  /** An Unpaid renewal invoice of one service for the period from `due`, as the cycle raises them. */
  async function createRenewal(serviceId: number, userId: number, due: string): Promise<number> {
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        userId,
        date: addDays(due, -7),
        dueDate: due,
        status: 'Unpaid',
        subtotalCents: 1000,
        totalCents: 1000,
      })
      .returning({ id: invoices.id });
    await t.database.db.insert(invoiceItems).values({
      invoiceId: invoice!.id,
      serviceId,
      description: 'Renewal',
      amountCents: 1000,
      periodStart: due,
      periodEnd: nextDueDate(due, 'Monthly', due)!,
    });
    return invoice!.id;
  }
});

describe.skipIf(!onPostgres)('billing cycle on two API instances sharing one database (PostgreSQL)', () => {
  let sim: TestSimulator;
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    sim = await startSimulator();
    database = await createTestDatabase();
    a = await createTestApp({ ...quickJobs, ...sim.env }, database);
    b = await createTestApp({ ...quickJobs, ...sim.env }, database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    await sim?.close();
  });

  it('raises one renewal invoice per service and period when both run the cycle at once', async () => {
    const user = await createUser(a);
    const day = todayUtc(await a.app.ctx.billingCycle.clock.now());
    const created = await Promise.all(
      [1, 2, 3].map(() =>
        createService(a, user.id, { nextDueDate: addDays(day, 3), regDate: addDays(day, -27) }),
      ),
    );
    await Promise.all([
      a.app.ctx.billingCycle.run(),
      b.app.ctx.billingCycle.run(),
      a.app.ctx.billingCycle.run(),
    ]);
    const lines = await a.database.db
      .select({ serviceId: invoiceItems.serviceId })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(and(eq(invoices.userId, user.id)));
    expect(lines.map((line) => line.serviceId).sort()).toEqual(created.map((service) => service.id).sort());
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceItems, invoices, products, services } from '../src/db/schema/index.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import { allPermissions, bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * Plan upgrades of VPS v2 (servers spec §4 "Upgrade") and the catalogue they choose from: only a
 * larger plan of the same family and location, the prorated difference on an upgrade invoice in
 * the same transaction as the plan change and the resize, and nothing kept when the resize fails.
 */
const GiB = 1024 ** 3;
const DAY_MS = 86_400_000;

const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** Days in the month-long period that ends on `due` (the day of the month kept, or the month's last). */
function monthBefore(due: string): number {
  const [y, m, d] = due.split('-').map(Number) as [number, number, number];
  const lastDayOfPrevious = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const start = Date.UTC(y, m - 2, Math.min(d, lastDayOfPrevious));
  return Math.round((Date.UTC(y, m - 1, d) - start) / DAY_MS);
}

describe('plan upgrades', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerId: number;
  let token: string;
  let nextVmid = 7700;
  const pve = () => t.app.ctx.providers.proxmox;

  const api = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: as ? bearer(as) : {},
      ...(payload ? { payload } : {}),
    });
  const upgrade = (serviceId: number, pid: unknown, as = token) =>
    api('POST', `/services/vps/v2/${serviceId}/upgrade`, { pid }, as);
  const invoicesOf = (userId: number) =>
    t.database.db.select().from(invoices).where(eq(invoices.userId, userId));
  const serviceRow = async (id: number) =>
    (await t.database.db.select().from(services).where(eq(services.id, id)))[0]!;

  /** A DW-4G in New York, due in 15 days, on a VM of its own. */
  async function dw4g(userId = ownerId, service: Parameters<typeof createVps2Service>[4] = {}) {
    nextVmid += 1;
    const vmid = nextVmid;
    const row = await createVps2Service(t, sim, userId, vmid, {
      ...service,
      service: { nextDueDate: dateIn(15), billingCycle: 'Monthly', ...service.service },
    });
    return { ...row, vmid };
  }

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.advance(LONG_ENOUGH_MS));

  describe('GET billing/products/{groupId}', () => {
    it("answers a group's products with their monthly price, to guests too", async () => {
      await dw4g();
      const response = await api('GET', '/billing/products/19', undefined, '');
      expect(response.statusCode, response.body).toBe(200);
      const { products } = response.json();
      expect(products.map((p: { name: string }) => p.name)).toEqual([
        'DW-2G',
        'DW-4G',
        'DW-8G',
        'DW-CPU-4G',
        'DW-CPU-8G',
        'DW-16G',
      ]);
      expect(products.find((p: { pid: number }) => p.pid === DemoProduct.dw8gNewYork)).toMatchObject({
        pid: DemoProduct.dw8gNewYork,
        gid: 19,
        name: 'DW-8G',
        description: '6 vCPU Cores\n8 GB DDR5 RAM\n160 GB NVMe Storage\n8 TB Bandwidth',
        pricing: { USD: { prefix: '$', suffix: ' USD', monthly: '40.00' } },
      });
    });

    it('is documented in OpenAPI as public, like the other new routes', async () => {
      const { paths } = (await api('GET', '/docs/json')).json();
      expect(paths['/api/billing/products/{groupId}'].get.security).toEqual([]);
      expect(Object.keys(paths)).toEqual(
        expect.arrayContaining([
          '/api/services/vps/v2/{id}/upgrade',
          '/api/services/vps/v2/blockStorage',
          '/api/services/storage/{id}/detach',
        ]),
      );
    });

    it('leaves hidden products out, and answers unknown groups with 404 and bad ids with 422', async () => {
      const hidden = (await api('GET', '/billing/products/5')).json().products;
      expect(hidden).toEqual([]);
      expect((await api('GET', '/billing/products/4242')).statusCode).toBe(404);
      expect((await api('GET', '/billing/products/abc')).statusCode).toBe(422);
    });
  });

  describe('POST services/vps/v2/{id}/upgrade', () => {
    it('bills the prorated difference on an upgrade invoice, moves the plan and resizes the server', async () => {
      const service = await dw4g();
      const response = await upgrade(service.id, DemoProduct.dw8gNewYork);
      expect(response.statusCode, response.body).toBe(200);
      const { success, invoiceid } = response.json();
      expect(success).toBe(true);

      // $20 more a month, for 15 of the period's days.
      const expectedCents = Math.round((2000 * 15) / monthBefore(dateIn(15)));
      const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceid));
      expect(invoice).toMatchObject({
        userId: ownerId,
        status: 'Unpaid',
        date: dateIn(0),
        dueDate: dateIn(0),
        subtotalCents: expectedCents,
        totalCents: expectedCents,
      });
      const lines = await t.database.db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, invoiceid));
      expect(lines).toEqual([
        expect.objectContaining({
          type: 'Upgrade',
          serviceId: service.id,
          amountCents: expectedCents,
          description: `Upgrade: DW-4G => DW-8G - vm${service.vmid}.example.net (${dateIn(0)} - ${dateIn(15)})`,
        }),
      ]);
      expect(await serviceRow(service.id)).toMatchObject({
        productId: DemoProduct.dw8gNewYork,
        recurringAmountCents: 4000,
      });

      await sim.advance(LONG_ENOUGH_MS);
      const { vps, billing } = (await api('GET', `/services/vps/v2/${service.id}`)).json();
      expect(vps).toMatchObject({ cpus: 6, maxmem: 8 * GiB, maxdisk: 160 * GiB, status: 'running' });
      expect(vps.bandwidth_usage.bandwidth_limit_gb).toBe(8000);
      expect(billing).toMatchObject({ name: 'DW-8G', recurringamount: '40.00', invoice_id: invoiceid });
      const listed = (await api('GET', `/invoices?relid=${service.id}`)).json().invoices.invoice;
      expect(listed.map((i: { id: number }) => i.id)).toContain(invoiceid);
    });

    it('is refused when sent again: the plan has changed, and nothing is billed twice', async () => {
      const service = await dw4g();
      const [first, second] = await Promise.all([
        upgrade(service.id, DemoProduct.dw16gNewYork),
        upgrade(service.id, DemoProduct.dw16gNewYork),
      ]);
      // The one that waited for the row lock finds the plan changed under it (409), or reads it
      // changed already and finds no larger plan to go to (422).
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([409, 422]).toContain(statuses[1]);
      const again = await upgrade(service.id, DemoProduct.dw16gNewYork);
      expect(again.statusCode).toBe(422);
      const lines = await t.database.db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.serviceId, service.id));
      expect(lines).toHaveLength(1);
      expect((await serviceRow(service.id)).recurringAmountCents).toBe(2000 + 6000);
    });

    it.each([
      ['the same plan', DemoProduct.dw4gNewYork],
      ['a smaller plan', DemoProduct.dw2gNewYork],
      ['the other family', DemoProduct.dwCpu8gNewYork],
      ['a plan of another location', DemoProduct.dw4gChicago],
      ['a product that is no plan', DemoProduct.storageNewYork],
    ])('refuses %s', async (_name, pid) => {
      const before = (await invoicesOf(ownerId)).length;
      const service = await dw4g();
      const response = await upgrade(service.id, pid);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        pid: ['This upgrade option is not available for this server.'],
      });
      expect(await invoicesOf(ownerId)).toHaveLength(before);
      expect((await serviceRow(service.id)).productId).toBe(DemoProduct.dw4gNewYork);
    });

    it('upgrades a CPU-optimised plan only within its family', async () => {
      const service = await dw4g(ownerId, { productId: DemoProduct.dwCpu4gNewYork });
      expect((await upgrade(service.id, DemoProduct.dw8gNewYork)).statusCode).toBe(422);
      const response = await upgrade(service.id, DemoProduct.dwCpu8gNewYork);
      expect(response.statusCode, response.body).toBe(200);
    });

    it('is not offered for a plan outside the DW families, or without a billing period', async () => {
      const before = (await invoicesOf(ownerId)).length;
      const legacy = await dw4g(ownerId, { productId: DemoProduct.ddosVps2G });
      const notDw = await upgrade(legacy.id, DemoProduct.dw8gNewYork);
      expect(notDw.statusCode).toBe(409);
      expect(notDw.json().message).toBe('This plan cannot be upgraded online. Please contact support.');

      const oneTime = await dw4g(ownerId, { service: { billingCycle: 'One Time', nextDueDate: null } });
      expect((await upgrade(oneTime.id, DemoProduct.dw8gNewYork)).statusCode).toBe(409);
      expect(await invoicesOf(ownerId)).toHaveLength(before);
      expect((await serviceRow(oneTime.id)).productId).toBe(DemoProduct.dw4gNewYork);
    });

    it('is refused for a suspended service and while the server is busy, with nothing billed', async () => {
      const before = (await invoicesOf(ownerId)).length;
      const suspended = await dw4g(ownerId, { status: 'Suspended' });
      const refused = await upgrade(suspended.id, DemoProduct.dw8gNewYork);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('service_not_manageable');

      const busy = await dw4g();
      await pve().triggerBackup(busy.vmid);
      const locked = await upgrade(busy.id, DemoProduct.dw8gNewYork);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error).toBe('server_locked');
      expect(await invoicesOf(ownerId)).toHaveLength(before);
      expect((await serviceRow(busy.id)).productId).toBe(DemoProduct.dw4gNewYork);
    });

    it('keeps no invoice and no plan change when the platform refuses the resize', async () => {
      const before = (await invoicesOf(ownerId)).length;
      const service = await dw4g();
      await sim.control('POST', '/faults', {
        upstream: 'proxmox',
        mode: 'error',
        method: 'PUT',
        pathContains: `/qemu/${service.vmid}/config`,
        count: 1,
      });
      const failed = await upgrade(service.id, DemoProduct.dw8gNewYork);
      expect(failed.statusCode).toBe(502);
      expect(await invoicesOf(ownerId)).toHaveLength(before);
      expect(await serviceRow(service.id)).toMatchObject({
        productId: DemoProduct.dw4gNewYork,
        recurringAmountCents: 2000,
      });
      await sim.advance(LONG_ENOUGH_MS);
      expect((await pve().getServer(service.vmid)).cpus).toBe(4);

      // Afterwards it goes through.
      expect((await upgrade(service.id, DemoProduct.dw8gNewYork)).statusCode).toBe(200);
      expect(await invoicesOf(ownerId)).toHaveLength(before + 1);
    });

    it('keeps nothing when the server cannot take the plan (its disk is larger already)', async () => {
      const before = (await invoicesOf(ownerId)).length;
      const service = await dw4g();
      await pve().resize(service.vmid, { cores: 4, memoryMb: 4096, diskGb: 200 });
      const refused = await upgrade(service.id, DemoProduct.dw8gNewYork);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('A disk can only grow.');
      expect(await invoicesOf(ownerId)).toHaveLength(before);
      expect((await serviceRow(service.id)).productId).toBe(DemoProduct.dw4gNewYork);
    });

    it('charges the whole period that begins today when the service falls due today', async () => {
      const service = await dw4g(ownerId, { service: { nextDueDate: dateIn(0) } });
      const response = await upgrade(service.id, DemoProduct.dw8gNewYork);
      expect(response.statusCode, response.body).toBe(200);
      const [invoice] = await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, response.json().invoiceid));
      expect(invoice).toMatchObject({ status: 'Unpaid', totalCents: 2000 });
    });

    it('settles an upgrade that costs nothing at once', async () => {
      // Two plans at one price: the difference, and so the invoice, is zero.
      const setPrice = (cents: number) =>
        t.database.db
          .update(products)
          .set({ monthlyPriceCents: cents })
          .where(eq(products.id, DemoProduct.dwCpu8gNewYork));
      const service = await dw4g(ownerId, { productId: DemoProduct.dwCpu4gNewYork });
      await setPrice(3000);
      try {
        const response = await upgrade(service.id, DemoProduct.dwCpu8gNewYork);
        expect(response.statusCode, response.body).toBe(200);
        const [invoice] = await t.database.db
          .select()
          .from(invoices)
          .where(eq(invoices.id, response.json().invoiceid));
        expect(invoice).toMatchObject({ status: 'Paid', totalCents: 0 });
        expect(invoice!.datePaid).not.toBeNull();
      } finally {
        await setPrice(6000);
      }
    });
  });

  describe('who may upgrade', () => {
    type Caller =
      'guest' | 'owner' | 'otherOwner' | 'subAll' | 'subWl' | 'subOutWl' | 'subNoServices' | 'subNoOrder';
    const expected: Record<Caller, number> = {
      guest: 401,
      owner: 200,
      otherOwner: 404,
      subAll: 200,
      subWl: 200,
      subOutWl: 403,
      subNoServices: 403,
      // An upgrade is an order.
      subNoOrder: 403,
    };

    it.each(Object.keys(expected) as Caller[])('as %s', async (caller) => {
      const service = await dw4g();
      const other = await createUser(t);
      const sub = async (permissions: typeof allPermissions, serviceWhitelist: number[] | null) => {
        const user = await createUser(t, { parentId: ownerId, permissions, serviceWhitelist });
        return loginToken(t.app, user.email, user.password);
      };
      const tokens: Record<Caller, () => Promise<string>> = {
        guest: async () => '',
        owner: async () => token,
        otherOwner: () => loginToken(t.app, other.email, other.password),
        subAll: () => sub(allPermissions, null),
        subWl: () => sub(allPermissions, [service.id]),
        subOutWl: () => sub(allPermissions, [service.id + 1000]),
        subNoServices: () => sub({ ...allPermissions, services: false }, null),
        subNoOrder: () => sub({ ...allPermissions, order: false }, null),
      };
      const response = await upgrade(service.id, DemoProduct.dw8gNewYork, await tokens[caller]());
      expect(response.statusCode, response.body).toBe(expected[caller]);
      if (caller === 'subNoOrder') expect(response.json().required_permission).toBe('order');
      const billed = await t.database.db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.serviceId, service.id));
      expect(billed).toHaveLength(response.statusCode === 200 ? 1 : 0);
    });
  });
});

import type { OrderRequest } from '@rackdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  configOptions,
  configOptionValues,
  invoiceItems,
  invoices,
  orders,
  productCustomFields,
  products,
  serviceProvisioning,
  services,
  sshKeys,
} from '../../src/db/schema/index.ts';
import { DemoProduct, seedCatalog } from '../../src/seed/catalog.ts';
import { bearer, createUser, loginToken } from './fixtures.ts';
import { completeProfile, gatewayEnv } from './gateways.ts';
import { startSimulator, type TestSimulator } from './simulator.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The app for order tests: the demo catalogue, every payment gateway and upstream played by a
 * simulator of its own, and the fraud check on with settings a test can change.
 */
export async function createOrderTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; sim: TestSimulator; close: () => Promise<void> }> {
  const sim = await startSimulator();
  const t = await createTestApp({ ...sim.env, ...gatewayEnv(sim.url), ...env });
  await seedCatalog(t.database.db);
  return {
    t,
    sim,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

/** An owner with a verified e-mail and complete details, signed in. */
export async function orderingOwner(t: TestApp, values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, { ...completeProfile, ...values });
  return { user, token: await loginToken(t.app, user.email, user.password) };
}

export function placeOrder(
  t: TestApp,
  token: string | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/order',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload: payload as object,
  });
}

/** The ids of a product's catalogue entries by name, as an outside client reads them from the API. */
export async function catalogIds(t: TestApp, pid: number) {
  const db = t.database.db;
  const options = await db.select().from(configOptions).where(eq(configOptions.productId, pid));
  const choices = options.length
    ? await db
        .select()
        .from(configOptionValues)
        .where(
          inArray(
            configOptionValues.optionId,
            options.map((option) => option.id),
          ),
        )
    : [];
  const fields = await db.select().from(productCustomFields).where(eq(productCustomFields.productId, pid));
  const option = (name: string) => {
    const found = options.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no option ${name} on ${pid}`);
    return found.id;
  };
  return {
    option,
    choice(optionName: string, choiceName: string) {
      const optionId = option(optionName);
      const found = choices.find((c) => c.optionId === optionId && c.name === choiceName);
      if (!found) throw new Error(`no choice ${choiceName} of ${optionName}`);
      return found.id;
    },
    field(name: string) {
      const found = fields.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no custom field ${name} on ${pid}`);
      return found.id;
    },
  };
}

/**
 * A valid order of one VPS (a DW-4G in New York unless `pid` says another), monthly, with
 * Debian 12: change what a test needs.
 */
export async function vpsOrder(t: TestApp, overrides: Partial<OrderRequest> = {}): Promise<OrderRequest> {
  const pid = overrides.pid?.[0] ?? DemoProduct.dw4gNewYork;
  const ids = await catalogIds(t, pid);
  return {
    pid: [pid],
    billingcycle: ['monthly'],
    customfields: [[{ id: ids.field('custom_os_id'), value: 'debian-12' }]],
    domain: 'web02.example.net',
    rootpw: 'Correct-Horse-42',
    paymentmethod: 'stripe',
    ...overrides,
  };
}

/** An instant dedicated server (New York E3) with an OS and a disk layout chosen by name. */
export async function dedicatedOrder(
  t: TestApp,
  choice: { os: string; layout: string },
  overrides: Partial<OrderRequest> = {},
): Promise<OrderRequest> {
  const ids = await catalogIds(t, DemoProduct.instantE3NewYork);
  return {
    pid: [DemoProduct.instantE3NewYork],
    billingcycle: ['monthly'],
    configoptions: [
      { id: ids.option('Operating System'), optionid: ids.choice('Operating System', choice.os) },
      { id: ids.option('Disk Layout'), optionid: ids.choice('Disk Layout', choice.layout) },
    ],
    ...overrides,
  };
}

/** Sets a product's stock (under stock control). */
export async function setStock(t: TestApp, pid: number, stockLevel: number): Promise<void> {
  await t.database.db.update(products).set({ stockControl: true, stockLevel }).where(eq(products.id, pid));
}

export async function stockOf(t: TestApp, pid: number): Promise<number> {
  const [row] = await t.database.db
    .select({ stockLevel: products.stockLevel })
    .from(products)
    .where(eq(products.id, pid));
  return row!.stockLevel;
}

/** Everything an account's orders wrote: to show that a refused one wrote nothing. */
export async function writtenFor(t: TestApp, userId: number) {
  const db = t.database.db;
  const [orderRows, serviceRows, invoiceRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, userId)),
    db.select().from(services).where(eq(services.userId, userId)),
    db.select().from(invoices).where(eq(invoices.userId, userId)),
  ]);
  return { orders: orderRows, services: serviceRows, invoices: invoiceRows };
}

/** An order with its invoice, lines, services and provisioning rows. */
export async function orderRecord(t: TestApp, orderId: number) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  const [invoice] = order.invoiceId
    ? await db.select().from(invoices).where(eq(invoices.id, order.invoiceId))
    : [];
  const items = order.invoiceId
    ? await db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, order.invoiceId))
        .orderBy(invoiceItems.id)
    : [];
  const provisioning = await db
    .select()
    .from(serviceProvisioning)
    .where(eq(serviceProvisioning.orderId, orderId))
    .orderBy(serviceProvisioning.serviceId);
  const serviceIds = [...new Set(items.flatMap((item) => (item.serviceId ? [item.serviceId] : [])))];
  const serviceRows = serviceIds.length
    ? await db
        .select()
        .from(services)
        .where(and(inArray(services.id, serviceIds)))
        .orderBy(services.id)
    : [];
  return { order, invoice: invoice!, items, services: serviceRows, provisioning };
}

/** An SSH key of an account, straight in the database (the SSH key routes have tests of their own). */
export async function createSshKey(t: TestApp, userId: number, title: string) {
  const [row] = await t.database.db
    .insert(sshKeys)
    .values({
      userId,
      title,
      publicKey: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE${title.padEnd(38, 'x').slice(0, 38)} ${title}`,
    })
    .returning();
  return row!;
}

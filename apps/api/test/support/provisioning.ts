import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  orders,
  type ProductProvisioning,
  products,
  type ProvisioningParams,
  type ProvisioningState,
  serviceProvisioning,
  services,
} from '../../src/db/schema/index.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';
import { createService } from './fixtures.ts';
import { createInvoice, payInvoice } from './invoices.ts';
import type { TestApp } from './test-app.ts';

/** Provisioning settings for tests that wait on the job: quick workers, two retries a second apart. */
export const quickProvisioning = {
  JOBS_POLL_SECONDS: '0.5',
  JOBS_CRON_CHECK_SECONDS: '1',
  PROVISIONING_RETRY_LIMIT: '2',
  PROVISIONING_RETRY_DELAY_SECONDS: '1',
};

export interface OrderedService {
  serviceId: number;
  orderId: number;
  invoiceId: number;
}

/**
 * What the order API leaves behind for one ordered service, written straight into the database:
 * an Unpaid invoice billing it, its Pending order, the Pending service and its provisioning row
 * (the root password sealed as the order API seals it). `provisioning` sets the product's plan.
 */
export async function orderService(
  t: TestApp,
  userId: number,
  options: {
    productId: number;
    params: ProvisioningParams;
    rootPassword?: string;
    provisioning?: ProductProvisioning;
    billingCycle?: string;
    state?: ProvisioningState;
    cents?: number;
  },
): Promise<OrderedService> {
  const cents = options.cents ?? 2000;
  const service = await createService(t, userId, {
    productId: options.productId,
    domain: options.params.hostname,
    status: 'Pending',
    billingCycle: options.billingCycle ?? 'Monthly',
    firstPaymentCents: cents,
    recurringAmountCents: cents,
    nextDueDate: null,
  });
  if (options.provisioning) {
    await t.database.db
      .update(products)
      .set({ provisioning: options.provisioning })
      .where(eq(products.id, options.productId));
  }
  const invoiceId = await createInvoice(t, userId, { cents, serviceId: service.id, dueInDays: 0 });
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderNumber: String(randomInt(1_000_000_000, 9_999_999_999)),
      userId,
      invoiceId,
      amountCents: cents,
      paymentMethod: 'stripe',
    })
    .returning({ id: orders.id });
  const secrets = new SecretBox(t.app.ctx.config.appSecret);
  await t.database.db.insert(serviceProvisioning).values({
    serviceId: service.id,
    orderId: order!.id,
    params: options.params,
    rootPasswordEncrypted: options.rootPassword ? secrets.seal(options.rootPassword) : null,
    state: options.state ?? 'waiting',
  });
  return { serviceId: service.id, orderId: order!.id, invoiceId };
}

/** Pays the whole invoice the way a gateway's verified callback does. */
export async function payOrder(t: TestApp, ordered: OrderedService, transId = `pay-${ordered.invoiceId}`) {
  const outcome = await payInvoice(t, ordered.invoiceId, { gateway: 'stripe', transId, cents: 2000 });
  if (outcome.kind !== 'recorded' || !outcome.invoicePaid)
    throw new Error(`payment not recorded: ${outcome.kind}`);
}

export async function provisioningRow(t: TestApp, serviceId: number) {
  const [row] = await t.database.db
    .select()
    .from(serviceProvisioning)
    .where(eq(serviceProvisioning.serviceId, serviceId));
  return row!;
}

export async function serviceRow(t: TestApp, serviceId: number) {
  const [row] = await t.database.db.select().from(services).where(eq(services.id, serviceId));
  return row!;
}

export async function orderStatus(t: TestApp, orderId: number) {
  const [row] = await t.database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.status;
}

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices } from './billing.ts';
import { promoCodes } from './catalog.ts';
import { services } from './services.ts';
import { users } from './users.ts';

export const orderStatuses = ['Pending', 'Active', 'Fraud', 'Cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** One fraud rule that scored on an order, kept with the order for the manual review. */
export interface FraudHit {
  rule: string;
  score: number;
  detail: string;
}

/**
 * An order (`orderid`): the services it created and the invoice that pays for them. A Fraud order
 * is held for manual review: its services stay Pending and nothing is provisioned; cancelling it
 * gives the stock back.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The order number a customer quotes (random digits, not the sequence). */
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account that placed it (a sub-account orders for its owner). */
    placedBy: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatuses }).notNull().default('Pending'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    fraudScore: integer('fraud_score').notNull().default(0),
    fraudHits: jsonb('fraud_hits').$type<FraudHit[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_ip_idx').on(t.ipAddress, t.createdAt),
    index('orders_invoice_idx').on(t.invoiceId),
  ],
);

/** What the customer chose for a service, as the provisioning job reads it. */
export interface ProvisioningParams {
  hostname: string;
  /** OS template name (VPS), OS choice value (dedicated), or a custom template's id. */
  osTemplate?: string;
  customTemplateId?: number;
  diskLayout?: string;
  location?: string;
  /** Extra IPv4 addresses beyond the one included (0–4). */
  extraIpv4?: number;
  sshKeyIds?: number[];
  /** Storage block: its size and the VPS service it is attached to. */
  sizeGb?: number;
  attachToServiceId?: number;
}

export const provisioningStates = ['waiting', 'running', 'done', 'failed', 'held'] as const;
export type ProvisioningState = (typeof provisioningStates)[number];

/**
 * The provisioning of one ordered service. The root password is kept only encrypted (APP_SECRET)
 * and erased once used; `claim` records the upstream resource taken before the service is
 * Active (a reserved vmid, a Tenantos server, a volume name) so a retry reuses it and a final
 * failure releases it.
 */
export const serviceProvisioning = pgTable(
  'service_provisioning',
  {
    serviceId: integer('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<ProvisioningParams>().notNull(),
    rootPasswordEncrypted: text('root_password_encrypted'),
    state: text('state', { enum: provisioningStates }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The provision-service job running the attempt: its retry (the same job, after the instance
     * running it died) takes the 'running' row back at once instead of waiting for it to go stale.
     */
    jobId: text('job_id'),
    claim: jsonb('claim').$type<Record<string, unknown>>(),
    /** Why the last attempt failed, shown on the service page while it stays Pending. */
    lastError: text('last_error').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('service_provisioning_order_idx').on(t.orderId),
    index('service_provisioning_open_idx')
      .on(t.state)
      .where(sql`${t.state} in ('waiting', 'running')`),
  ],
);

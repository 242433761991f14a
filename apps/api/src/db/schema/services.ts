import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

export interface ServiceOption {
  id: number;
  option: string;
  type: string;
  value: string;
}
export interface ServiceCustomField {
  id: number;
  name: string;
  value: string;
}

/** A customer's service (hosting product instance), owned by an owner account. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    domain: text('domain').notNull().default(''),
    dedicatedIp: text('dedicated_ip').notNull().default(''),
    assignedIps: text('assigned_ips').notNull().default(''),
    status: text('status', {
      enum: ['Active', 'Cancelled', 'Fraud', 'Suspended', 'Terminated', 'Pending'],
    }).notNull(),
    billingCycle: text('billing_cycle').notNull().default('Monthly'),
    firstPaymentCents: integer('first_payment_cents').notNull().default(0),
    recurringAmountCents: integer('recurring_amount_cents').notNull().default(0),
    regDate: date('reg_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    /** Null when the service has no next due date (shown as 0000-00-00). */
    nextDueDate: date('next_due_date', { mode: 'string' }),
    suspensionReason: text('suspension_reason').notNull().default(''),
    configOptions: jsonb('config_options').$type<ServiceOption[]>().notNull().default([]),
    customFields: jsonb('custom_fields').$type<ServiceCustomField[]>().notNull().default([]),
    /**
     * Which upstream platform runs the service and its id there (Tenantos server id,
     * Virtualizor vpsid, Proxmox vmid or storage volume). Null until provisioned, and for
     * services no platform runs (add-ons).
     */
    provider: text('provider', { enum: ['tenantos', 'virtualizor', 'proxmox'] }),
    upstreamId: text('upstream_id'),
    /**
     * A promotion recurring for N renewals: the discounted renewals left, and the price the
     * service goes back to after them. Both null when no such promotion runs (a lifetime one
     * simply lowered the recurring amount for good).
     */
    promoRenewalsLeft: integer('promo_renewals_left'),
    undiscountedRecurringCents: integer('undiscounted_recurring_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The service list reads an account's services in the order of each sortable column, ties by
  // id (keyset paging); the keys are the list's expressions (services-list.ts), case-folded in
  // code point order, and a missing due date last in either order. The status rides along in the
  // account's id order so that the list's default page, without inactive services, stops after
  // its rows instead of sorting every service the status index returns.
  (t) => [
    index('services_user_idx').on(t.userId, t.id, t.status),
    index('services_user_domain_idx').on(t.userId, sql`lower(${t.domain}) collate "C"`, t.id),
    index('services_user_ip_idx').on(t.userId, sql`lower(${t.dedicatedIp}) collate "C"`, t.id),
    index('services_user_price_idx').on(t.userId, t.recurringAmountCents, t.id),
    index('services_user_due_idx').on(t.userId, sql`coalesce(${t.nextDueDate}, 'infinity'::date)`, t.id),
    index('services_user_due_desc_idx').on(
      t.userId,
      sql`coalesce(${t.nextDueDate}, '-infinity'::date)`,
      t.id,
    ),
    index('services_user_status_idx').on(t.userId, sql`${t.status} collate "C"`, t.id),
  ],
);

/** Cancellation requests; at most one pending per service, enforced by a partial unique index. */
export const serviceCancellations = pgTable(
  'service_cancellations',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['Immediate', 'End of Billing Period'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'voided', 'completed'] })
      .notNull()
      .default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_cancellations_one_pending')
      .on(t.serviceId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type ServiceRow = typeof services.$inferSelect;

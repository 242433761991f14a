import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { services } from './services.ts';
import { users } from './users.ts';

/**
 * Invoices, amounts in integer cents. 'Overdue' is derived (Unpaid past due), never stored.
 * total = subtotal + tax - credit (credit applied from the account); balance = total - paid, where
 * paid is the sum of the invoice's gateway transactions (in minus out), kept here by the same
 * transaction that records them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    datePaid: timestamp('date_paid', { withTimezone: true }),
    status: text('status', {
      enum: ['Paid', 'Unpaid', 'Cancelled', 'Refunded', 'Collections', 'Payment Pending'],
    }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    paymentMethod: text('payment_method').notNull().default('stripe'),
    /** When the overdue notice went out, so the billing cycle sends it once. */
    overdueNoticeAt: timestamp('overdue_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The invoice list, newest first (keyset paging), and the account's unpaid ones (the due
    // filter, the service list's 'Invoice Due' join).
    index('invoices_user_idx').on(t.userId, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_user_unpaid_idx')
      .on(t.userId, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'Unpaid'`),
    index('invoices_user_id_idx').on(t.userId, t.id),
    index('invoices_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'Unpaid'`),
    check('invoices_amounts_sane', sql`${t.creditCents} >= 0 and ${t.paidCents} >= 0`),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('Hosting'),
    /** The service this line bills, if any. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The period a Hosting line bills (renewals): one line per service and period, ever. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId),
    index('invoice_items_service_idx').on(t.serviceId),
    uniqueIndex('invoice_items_one_renewal_per_period')
      .on(t.serviceId, t.periodStart)
      .where(sql`${t.periodStart} is not null`),
  ],
);

/**
 * Money that reached or left an invoice through a gateway. A gateway's transaction id is unique
 * per gateway, so a replayed callback can never record a payment twice.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    gateway: text('gateway').notNull(),
    transId: text('trans_id').notNull(),
    amountInCents: integer('amount_in_cents').notNull().default(0),
    amountOutCents: integer('amount_out_cents').notNull().default(0),
    feesCents: integer('fees_cents').notNull().default(0),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_gateway_trans_id').on(t.gateway, t.transId),
    index('transactions_invoice_idx').on(t.invoiceId),
    index('transactions_user_idx').on(t.userId, t.date),
  ],
);

export const creditLedgerKinds = ['applied', 'removed', 'deposit', 'refund', 'manual'] as const;
export type CreditLedgerKind = (typeof creditLedgerKinds)[number];

/**
 * Every change of an account's credit, signed (+ raises it). Written in the transaction that
 * changes users.credit_cents, under that row's lock, so the sum always equals the credit.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: creditLedgerKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.id)],
);

/**
 * Answers of calls made with an `Idempotency-Key` header, per account: a retried call with the
 * same key gets the first answer instead of acting again. Pruned by housekeeping after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path of the first call: the key cannot be reused for another call. */
    operation: text('operation').notNull(),
    /** Hash of the first call's body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    /**
     * The call that holds the key: a call that takes over an abandoned claim (its server died)
     * writes its own, and the effect of the old holder, fenced by it, can no longer commit.
     */
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the call changed (an order, an invoice), written in the transaction of the change: a
     * retry after a crash that lost the answer rebuilds it from this instead of acting again.
     */
    effectRef: text('effect_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Cards saved with the card gateway (Stripe payment methods); card data stays with Stripe. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The gateway's payment method id (pm_…). */
    gatewayMethodId: text('gateway_method_id').notNull(),
    cardType: text('card_type').notNull(),
    lastFour: text('last_four').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_cards_gateway_method').on(t.gatewayMethodId),
    index('payment_cards_user_idx').on(t.userId),
    uniqueIndex('payment_cards_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const gatewayPaymentStatuses = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * A payment started at a gateway for an invoice (Stripe payment intent, Cryptomus payment, BitPay
 * invoice, PayPal checkout): what the server asked for, so a callback is matched to its invoice and
 * checked against the amount and currency the server computed.
 */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** The gateway's id of the payment (pi_…, Cryptomus uuid, BitPay invoice id). */
    externalId: text('external_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: gatewayPaymentStatuses }).notNull().default('pending'),
    /** The gateway's answer the browser needs again (checkout url, client secret…). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_payments_external').on(t.gateway, t.externalId),
    index('gateway_payments_invoice_idx').on(t.invoiceId),
  ],
);

import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { services } from './services.ts';
import { users } from './users.ts';

/** Invoices, amounts in integer cents. 'Overdue' is derived (Unpaid past due), never stored. */
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
    paymentMethod: text('payment_method').notNull().default('stripe'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.date)],
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
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId),
    index('invoice_items_service_idx').on(t.serviceId),
  ],
);

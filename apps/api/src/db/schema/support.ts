import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ticketStatuses } from '@rackdesk/contract';
import { services } from './services.ts';
import { users } from './users.ts';

export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(false),
});

/** Support tickets; `userId` is null for a guest's ticket. Replies come with the support issue. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    tid: text('tid').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    subject: text('subject').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('Open'),
    priority: text('priority', { enum: ['Low', 'Medium', 'High'] })
      .notNull()
      .default('Low'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tickets_tid_unique').on(t.tid), index('tickets_user_idx').on(t.userId, t.lastReplyAt)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type TicketImageType, ticketStatuses } from '@rackdesk/contract';
import { services } from './services.ts';
import { users } from './users.ts';

export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(false),
});

/**
 * Support tickets. `userId` is the owner account (sub-accounts act for it), null for a guest's
 * ticket, which `accessKeyHash` (SHA-256 of the key mailed to the guest) opens instead. The key
 * itself is kept only sealed (SecretBox, under APP_SECRET), so staff answers can mail the guest
 * their link again; it is compared by its hash, never by opening the sealed copy.
 */
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
    accessKeyHash: text('access_key_hash'),
    accessKeySealed: text('access_key_sealed'),
  },
  // The ticket list reads an account's tickets in the order of each sortable column, ties by id.
  (t) => [
    uniqueIndex('tickets_tid_unique').on(t.tid),
    index('tickets_user_idx').on(t.userId, t.lastReplyAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tickets_user_subject_idx').on(t.userId, sql`lower(${t.subject}) collate "C"`, t.id),
    index('tickets_user_status_idx').on(t.userId, sql`${t.status} collate "C"`, t.id),
  ],
);

/** What a reply keeps of one attached image; the bytes are in the attachment store. */
export interface TicketAttachment {
  /** The generated name (TICKET_IMAGE_NAME), also the last part of its store key. */
  name: string;
  contentType: TicketImageType;
  size: number;
}

/**
 * The messages of a ticket, oldest first; the opening message is the first. A customer's (or
 * sub-account's) reply has `userId`; a staff answer has `staffUserId` and the staff name in
 * `admin`; a guest's has neither.
 */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    admin: text('admin').notNull().default(''),
    message: text('message').notNull(),
    attachments: jsonb('attachments').$type<TicketAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.id)],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketReplyRow = typeof ticketReplies.$inferSelect;

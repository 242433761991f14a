import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Which customer each first-generation VPS ISO belongs to. The panel reaches Virtualizor with one
 * API user, under which every customer's ISOs live side by side; this table is what keeps one
 * customer from seeing, inserting or deleting another's.
 */
export const vpsIsos = pgTable(
  'vps_isos',
  {
    id: serial('id').primaryKey(),
    /** The owner account (sub-accounts add ISOs for their owner). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The login that added it: an owner, or one of its sub-accounts. */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** The ISO's id and uuid on the platform. */
    upstreamIsoId: integer('upstream_iso_id').notNull(),
    uuid: text('uuid').notNull(),
    /** The file name the platform knows it by. */
    name: text('name').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vps_isos_uuid_idx').on(t.uuid), index('vps_isos_user_idx').on(t.userId)],
);

export type VpsIsoRow = typeof vpsIsos.$inferSelect;

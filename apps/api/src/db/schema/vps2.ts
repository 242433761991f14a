import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { services } from './services.ts';
import { users } from './users.ts';

/**
 * Where each VPS v2 user template came from. The platform knows a template only by its owner;
 * the panel records the server it was cloned from, because a template is a full copy of that
 * server's disk: a sub-account limited to some servers may use only templates of those servers.
 */
export const vps2UserTemplates = pgTable(
  'vps2_user_templates',
  {
    id: serial('id').primaryKey(),
    /** The owner account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The template's id on the platform (a Proxmox vmid). */
    upstreamTemplateId: integer('upstream_template_id').notNull(),
    /** The VPS v2 service it was created from. */
    sourceServiceId: integer('source_service_id').references(() => services.id, { onDelete: 'set null' }),
    /** The login that created it: an owner, or one of its sub-accounts. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    customName: text('custom_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vps2_user_templates_upstream_idx').on(t.upstreamTemplateId),
    index('vps2_user_templates_user_idx').on(t.userId),
  ],
);

/**
 * The next automatic backup each VPS v2 had when the backup schedule job last looked: when the
 * platform's next run moves on, a scheduled backup has run, and open pages are told.
 */
export const vps2BackupSchedules = pgTable('vps2_backup_schedules', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  /** Epoch seconds. */
  nextRun: bigint('next_run', { mode: 'number' }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Vps2UserTemplateRow = typeof vps2UserTemplates.$inferSelect;

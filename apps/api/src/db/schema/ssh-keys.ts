import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The account's SSH public keys (account spec §3 "SSH key"): the owner adds and deletes them, and
 * a VPS v2 reinstall installs the chosen ones for root. Titles are unique per account.
 */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: serial('id').primaryKey(),
    /** The owner account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** One OpenSSH public key line: type, base64 key, optional comment. */
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ssh_keys_user_idx').on(t.userId),
    uniqueIndex('ssh_keys_user_title_unique').on(t.userId, t.title),
  ],
);

export type SshKeyRow = typeof sshKeys.$inferSelect;

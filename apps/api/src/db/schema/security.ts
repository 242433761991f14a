import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Fixed-window counters for rate limits shared by every API instance (per account and per address). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Captcha challenges already redeemed, so a solved challenge cannot be replayed. */
export const usedCaptchas = pgTable('used_captchas', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What a security event records (issue 19): the changes to an account's access, and sign-ins. */
export const securityEventKinds = [
  'sign_in',
  'sign_in_failed',
  'two_factor_changed',
  'password_changed',
  'api_token_created',
  'sub_account_changed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/**
 * The account's security log, for the owner to read on the account page. Append-only: the
 * database refuses to update, delete or truncate its rows (migration 0013), so a caller who took
 * over an account cannot wipe the trace. `loginId` is the login that acted (or that a failed
 * sign-in tried) and has no foreign key, so a deleted sub-account's events stay.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id),
    loginId: integer('login_id').notNull(),
    kind: text('kind', { enum: securityEventKinds }).notNull(),
    /** What changed: the methods, the token or sub-account and what was done to it. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc())],
);

import type { EmailNotifications } from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const userRoles = ['customer', 'operator'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Owners (customer accounts) and their sub-accounts share this table: both sign in the same
 * way. A row with `parentId` is a sub-account acting for that owner with limited permissions.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    companyname: text('companyname').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    country: text('country').notNull().default(''),
    phonenumber: text('phonenumber').notNull().default(''),
    defaultGateway: text('default_gateway').notNull().default('stripe'),
    creditCents: integer('credit_cents').notNull().default(0),
    /** The card gateway's customer (Stripe cus_…), made on first use. */
    stripeCustomerId: text('stripe_customer_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorMethod: text('two_factor_method', { enum: ['none', 'google_authenticator', 'email'] })
      .notNull()
      .default('none'),
    totpSecret: text('totp_secret'),
    /** Last TOTP time step accepted, so a code cannot be replayed within its window. */
    totpLastStep: integer('totp_last_step'),
    /**
     * A 2FA method chosen but not confirmed yet (POST 2fa, then POST 2fa/confirm), with the
     * authenticator secret it would use: the current method stays until the code confirms it.
     */
    pendingTwoFactorMethod: text('pending_two_factor_method', {
      enum: ['none', 'google_authenticator', 'email'],
    }),
    pendingTotpSecret: text('pending_totp_secret'),
    /** When the pending choice lapses: its code must come within ten minutes, or it is chosen again. */
    pendingTwoFactorExpiresAt: timestamp('pending_two_factor_expires_at', { withTimezone: true }),
    /** Sub-account permissions; null for owners. */
    permissions: jsonb('permissions').$type<{
      order: boolean;
      services: boolean;
      billing: boolean;
      support: boolean;
    }>(),
    /** Sub-account whitelist: null means every service of the owner. */
    serviceWhitelist: jsonb('service_whitelist').$type<number[] | null>(),
    /**
     * Which mails a sub-account receives, as the billing system's 1/0 flags (portal spec §3);
     * null for owners, who receive them all.
     */
    emailNotifications: jsonb('email_notifications').$type<EmailNotifications>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** 'operator': support staff, who answer tickets through the operator API (set by the CLI). */
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_parent_idx').on(t.parentId),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    // The last guard of exact credit: a race that slipped past the row lock fails instead.
    check('users_credit_not_negative', sql`${t.creditCents} >= 0`),
  ],
);

/** A signed-in browser or client. Only a hash of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** `two_factor_code`: an e-mailed code that confirms e-mail 2FA or proves the current e-mail method before a change. */
export const oneTimeTokenPurposes = [
  'email_verification',
  'password_reset',
  'login_code',
  'two_factor_code',
] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

/**
 * Single-use secrets sent by mail: verification links, reset links and e-mailed login codes.
 * Issuing a new one of a purpose deletes the older ones; using one deletes it.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimeTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.purpose, t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Single-use recovery codes for a second factor that is lost (ten, shown once when 2FA is turned
 * on or regenerated). Only hashes are kept; a used code keeps its row, marked, until new codes
 * replace the set.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * API tokens an owner creates on the account page: bearer tokens for scripts that act as the
 * owner, with a scope (read-only or full), an optional expiry and the last use recorded. Only a
 * hash of the token is kept; it is shown once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    /** The owner account the token acts as. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope', { enum: ['read', 'full'] })
      .notNull()
      .default('full'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

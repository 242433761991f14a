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
import { configOptionRoles, customFieldNames } from '@rackdesk/contract';

/** Product groups; ids are fixed by the spec (e.g. 23 and 22 dedicated, 19 and 25 VPS, 20 storage). */
export const productGroups = pgTable('product_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The billing system's price table for one priced thing (a product or a configuration option's
 * choice), in USD cents: a price per billing cycle (null = the cycle is not offered; shown as
 * '-1.00') and a setup fee per cycle. The column names follow the six cycles of the spec.
 */
const cyclePrices = () => ({
  monthlyPriceCents: integer('monthly_price_cents'),
  quarterlyPriceCents: integer('quarterly_price_cents'),
  semiannuallyPriceCents: integer('semiannually_price_cents'),
  annuallyPriceCents: integer('annually_price_cents'),
  bienniallyPriceCents: integer('biennially_price_cents'),
  trienniallyPriceCents: integer('triennially_price_cents'),
  monthlySetupCents: integer('monthly_setup_cents').notNull().default(0),
  quarterlySetupCents: integer('quarterly_setup_cents').notNull().default(0),
  semiannuallySetupCents: integer('semiannually_setup_cents').notNull().default(0),
  annuallySetupCents: integer('annually_setup_cents').notNull().default(0),
  bienniallySetupCents: integer('biennially_setup_cents').notNull().default(0),
  trienniallySetupCents: integer('triennially_setup_cents').notNull().default(0),
});

/**
 * What the provisioning job needs to know of a product, per platform (the group decides which):
 * a VPS plan's resources, the Tenantos tag its free dedicated servers carry, a storage block's
 * storage. Kept as data so a provider changes plans without a release.
 */
export interface ProductProvisioning {
  cores?: number;
  memoryMb?: number;
  diskGb?: number;
  /** Virtualizor plan id (first-generation VPS). */
  planId?: number;
  /** Tenantos tag marking the product's servers (dedicated). */
  serverTag?: string;
  /** Location name of the product ('New York', 'Chicago'). */
  location?: string;
}

/**
 * Products (`pid`): prices for the six cycles with setup fees, stock (`stockcontrol`,
 * `stocklevel`, never below zero), drive bays (dedicated disk layouts) and provisioning data.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroups.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    ...cyclePrices(),
    stockControl: boolean('stock_control').notNull().default(false),
    stockLevel: integer('stock_level').notNull().default(0),
    /** Drive bays of a dedicated server: which RAID layouts it can take. */
    driveBays: integer('drive_bays'),
    provisioning: jsonb('provisioning').$type<ProductProvisioning>().notNull().default({}),
  },
  (t) => [
    index('products_group_idx').on(t.groupId),
    check('products_stock_not_negative', sql`${t.stockLevel} >= 0`),
  ],
);

/** A product's configuration option: a select (type '1') or a checkbox (type '3'). */
export const configOptions = pgTable(
  'config_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['1', '3'] })
      .notNull()
      .default('1'),
    /** What the option means to the order rules and the provisioning; null for a plain priced option. */
    role: text('role', { enum: configOptionRoles }),
    hidden: boolean('hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('config_options_product_idx').on(t.productId, t.sortOrder)],
);

/**
 * One choice of a configuration option, priced per cycle. `value` is what the platform is given
 * (an OS template name, a layout, a count of extra IPv4 addresses, a size in GB, a node);
 * `diskLayouts` lists the layouts an operating-system choice supports.
 */
export const configOptionValues = pgTable(
  'config_option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => configOptions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    diskLayouts: text('disk_layouts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    ...cyclePrices(),
  },
  (t) => [index('config_option_values_option_idx').on(t.optionId, t.sortOrder)],
);

/** The custom fields an order of a product carries (`customfields.customfield[]`). */
export const productCustomFields = pgTable(
  'product_custom_fields',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name', { enum: customFieldNames }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_custom_fields_unique').on(t.productId, t.name)],
);

/**
 * Operating-system templates a VPS is ordered with (`billing/os-templates/{pid}`): the name is the
 * platform's template name (debian-12, PRECONFIG-web-…), `diskLayouts` what it supports.
 */
export const osTemplates = pgTable('os_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  diskLayouts: text('disk_layouts')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  hidden: boolean('hidden').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const productOsTemplates = pgTable(
  'product_os_templates',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    osTemplateId: integer('os_template_id')
      .notNull()
      .references(() => osTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.osTemplateId] })],
);

/**
 * Promotion codes. A percentage (`percentBp`, hundredths of a percent) or a fixed amount
 * (`amountCents`); one-time (first invoice only) unless `recurring`, then for `recurFor`
 * renewals (0 = for life). Limited to `cycles` and `productIds` when those are not empty.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type', { enum: ['Percentage', 'Fixed Amount'] }).notNull(),
    percentBp: integer('percent_bp'),
    amountCents: integer('amount_cents'),
    recurring: boolean('recurring').notNull().default(false),
    recurFor: integer('recur_for').notNull().default(0),
    cycles: text('cycles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    maxUses: integer('max_uses').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    startsOn: date('starts_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(sql`lower(${t.code})`),
    check(
      'promo_codes_value_by_type',
      sql`(${t.type} = 'Percentage' and ${t.percentBp} between 1 and 10000 and ${t.amountCents} is null)
        or (${t.type} = 'Fixed Amount' and ${t.amountCents} > 0 and ${t.percentBp} is null)`,
    ),
    check('promo_codes_uses_sane', sql`${t.uses} >= 0 and ${t.maxUses} >= 0 and ${t.recurFor} >= 0`),
  ],
);

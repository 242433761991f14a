import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Product groups; ids are fixed by the spec (e.g. 23 and 22 dedicated, 19 and 25 VPS, 20 storage). */
export const productGroups = pgTable('product_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Products (`pid`). Pricing so far is the monthly price that plan upgrades charge the difference
 * of; the ordering issue adds the other cycles, setup fees, stock and configuration options.
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
    /** USD cents a month; null when the product is not sold monthly. */
    monthlyPriceCents: integer('monthly_price_cents'),
  },
  (t) => [index('products_group_idx').on(t.groupId)],
);

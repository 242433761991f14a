import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  configOptions,
  configOptionValues,
  osTemplates,
  productCustomFields,
  productGroups,
  productOsTemplates,
  products,
  promoCodes,
} from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ConfigOptionRow = typeof configOptions.$inferSelect;
export type ConfigOptionValueRow = typeof configOptionValues.$inferSelect;
export type CustomFieldRow = typeof productCustomFields.$inferSelect;
export type OsTemplateRow = typeof osTemplates.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A product is on sale when neither it nor its group is hidden. */
const onSale = and(eq(products.hidden, false), eq(productGroups.hidden, false));

export class CatalogRepository {
  constructor(private readonly db: DbOrTx) {}

  async findGroupById(id: number) {
    const [row] = await this.db.select().from(productGroups).where(eq(productGroups.id, id));
    return row;
  }

  /** The products a group shows (not hidden), in catalogue order. */
  listVisibleByGroup(groupId: number): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(products)
      .where(and(eq(products.groupId, groupId), eq(products.hidden, false)))
      .orderBy(asc(products.id));
  }

  /** A product whether hidden or not (a service may run on a product no longer sold). */
  async findById(id: number): Promise<ProductRow | undefined> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id));
    return row;
  }

  /** A product on sale: neither it nor its group hidden. */
  async findVisibleById(id: number): Promise<ProductRow | undefined> {
    const [row] = await this.db
      .select(getTableColumns(products))
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(and(eq(products.id, id), onSale));
    return row;
  }

  /** The visible configuration options of these products, in each product's order. */
  listVisibleOptionsOf(productIds: number[]): Promise<ConfigOptionRow[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(configOptions)
      .where(and(inArray(configOptions.productId, productIds), eq(configOptions.hidden, false)))
      .orderBy(asc(configOptions.productId), asc(configOptions.sortOrder), asc(configOptions.id));
  }

  /** Every choice of these options, hidden ones included (the order page shows them as unavailable). */
  listChoicesOf(optionIds: number[]): Promise<ConfigOptionValueRow[]> {
    if (optionIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(configOptionValues)
      .where(inArray(configOptionValues.optionId, optionIds))
      .orderBy(
        asc(configOptionValues.optionId),
        asc(configOptionValues.sortOrder),
        asc(configOptionValues.id),
      );
  }

  listCustomFieldsOf(productIds: number[]): Promise<CustomFieldRow[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(productCustomFields)
      .where(inArray(productCustomFields.productId, productIds))
      .orderBy(
        asc(productCustomFields.productId),
        asc(productCustomFields.sortOrder),
        asc(productCustomFields.id),
      );
  }

  /** The visible OS templates a product is ordered with, in catalogue order. */
  listVisibleOsTemplatesOf(productId: number): Promise<OsTemplateRow[]> {
    return this.db
      .select(getTableColumns(osTemplates))
      .from(productOsTemplates)
      .innerJoin(osTemplates, eq(osTemplates.id, productOsTemplates.osTemplateId))
      .where(and(eq(productOsTemplates.productId, productId), eq(osTemplates.hidden, false)))
      .orderBy(asc(osTemplates.sortOrder), asc(osTemplates.id));
  }

  /** A promotion code by its code, whatever the case it is typed in. */
  async findPromoByCode(code: string): Promise<PromoCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(promoCodes)
      .where(sql`lower(${promoCodes.code}) = lower(${code})`);
    return row;
  }
}

import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productGroups, products } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;

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
}

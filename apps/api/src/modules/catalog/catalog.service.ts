import type { Product, ProductGroupResponse } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { toProduct } from './catalog.mapper.ts';
import { CatalogRepository } from './catalog.repository.ts';

/** The product catalogue: what the order pages list and what plan upgrades choose from. */
export class CatalogService {
  private readonly catalog: CatalogRepository;

  constructor(database: Database) {
    this.catalog = new CatalogRepository(database.db);
  }

  /** `GET billing/products/{groupId}`: public, like the order catalogue; hidden groups are unknown. */
  async productGroup(groupId: number): Promise<ProductGroupResponse> {
    const group = await this.catalog.findGroupById(groupId);
    if (!group || group.hidden) throw AppError.notFound('This product group was not found.');
    return { products: await this.groupProducts(groupId) };
  }

  /** The products on sale in a group. */
  async groupProducts(groupId: number): Promise<Product[]> {
    return (await this.catalog.listVisibleByGroup(groupId)).map((row) => toProduct(row));
  }

  /** Any product by id, hidden ones included: a service keeps the product it was bought as. */
  async product(pid: number): Promise<Product | undefined> {
    const row = await this.catalog.findById(pid);
    return row && toProduct(row);
  }
}

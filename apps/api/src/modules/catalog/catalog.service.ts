import {
  OrderText,
  type OsTemplatesResponse,
  type Product,
  type ProductGroupResponse,
  type PromoResponse,
  type SingleProductResponse,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ProductProvisioning } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { RateLimiter, type RateLimitRule } from '../../http/rate-limiter.ts';
import { todayUtc } from '../../lib/dates.ts';
import { toConfigOption, toOsTemplate, toProduct, toPromoResponse } from './catalog.mapper.ts';
import { CatalogRepository, type ProductRow, type PromoCodeRow } from './catalog.repository.ts';

/** What the order API needs of a product on sale, read at once. */
export interface OrderableProduct {
  /** As the catalogue shows it: visible options only, hidden choices marked. */
  product: Product;
  groupId: number;
  driveBays: number | null;
  provisioning: ProductProvisioning;
  /** The visible OS templates it is ordered with (`custom_os_id`), by name. */
  osTemplates: string[];
}

/** A promotion code that may be used now on a product: its row id (uses are counted on it) and its answer. */
export interface UsablePromo {
  id: number;
  promo: PromoResponse;
}

/**
 * Wrong promotion codes a guest may try from one address: enough for typos, too few to guess
 * codes. Counted in the database, so every instance shares it.
 */
export const promoFailuresPerAddress: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/**
 * Whether a code holds today for a product: started, not expired (its last day included), uses
 * left, and the product among those it is limited to.
 */
export function isPromoUsable(row: PromoCodeRow, productId: number, today: string): boolean {
  if (row.startsOn !== null && row.startsOn > today) return false;
  if (row.expiresOn !== null && row.expiresOn < today) return false;
  if (row.maxUses > 0 && row.uses >= row.maxUses) return false;
  return row.productIds.length === 0 || row.productIds.includes(productId);
}

/** The product catalogue: what the order pages list and order, and what plan upgrades choose from. */
export class CatalogService {
  private readonly catalog: CatalogRepository;

  constructor(
    database: Database,
    private readonly rateLimiter = new RateLimiter(database.db),
  ) {
    this.catalog = new CatalogRepository(database.db);
  }

  /** `GET billing/products/{groupId}`: public, like the order catalogue; hidden groups are unknown. */
  async productGroup(groupId: number): Promise<ProductGroupResponse> {
    const group = await this.catalog.findGroupById(groupId);
    if (!group || group.hidden) throw AppError.notFound('This product group was not found.');
    return { products: await this.groupProducts(groupId) };
  }

  /** The products on sale in a group, with their options and custom fields. */
  async groupProducts(groupId: number): Promise<Product[]> {
    return this.withOptions(await this.catalog.listVisibleByGroup(groupId));
  }

  /** Any product by id, hidden ones included: a service keeps the product it was bought as. */
  async product(pid: number): Promise<Product | undefined> {
    const row = await this.catalog.findById(pid);
    return row && (await this.withOptions([row]))[0];
  }

  /** `GET billing/products/product/{pid}`: a product on sale; a hidden one is unknown. */
  async productOnSale(pid: number): Promise<SingleProductResponse> {
    const row = await this.visibleProduct(pid);
    return { products: { product: await this.withOptions([row]) } };
  }

  /** `GET billing/os-templates/{pid}`: the visible templates a product on sale is ordered with. */
  async osTemplates(pid: number): Promise<OsTemplatesResponse> {
    await this.visibleProduct(pid);
    return { data: (await this.catalog.listVisibleOsTemplatesOf(pid)).map(toOsTemplate) };
  }

  /** A product on sale with what ordering it needs beyond the catalogue's view; undefined otherwise. */
  async orderableProduct(pid: number): Promise<OrderableProduct | undefined> {
    const row = await this.catalog.findVisibleById(pid);
    if (!row) return undefined;
    const [[product], templates] = await Promise.all([
      this.withOptions([row]),
      this.catalog.listVisibleOsTemplatesOf(pid),
    ]);
    return {
      product: product!,
      groupId: row.groupId,
      driveBays: row.driveBays,
      provisioning: row.provisioning,
      osTemplates: templates.map((template) => template.name),
    };
  }

  /**
   * A promotion code (any case) that may be used on the product today; undefined when unknown,
   * not started, expired, used up or limited to other products. Whether it suits the billing
   * cycle is the pricing's rule (`priceOrder`).
   */
  async usablePromo(productId: number, code: string, today = todayUtc()): Promise<UsablePromo | undefined> {
    const row = await this.catalog.findPromoByCode(code);
    if (!row || !isPromoUsable(row, productId, today)) return undefined;
    return { id: row.id, promo: toPromoResponse(row) };
  }

  /**
   * `GET billing/promo/{productId}/{code}`: public, so guests can see their discount while they
   * configure. Wrong codes are counted per address and refused with 429 past the limit.
   */
  async promoForOrderPage(productId: number, code: string, address: string): Promise<PromoResponse> {
    const limitKey = `promo:${address}`;
    await this.rateLimiter.refuseWhileBlocked(limitKey, promoFailuresPerAddress);
    await this.visibleProduct(productId);
    const usable = await this.usablePromo(productId, code);
    if (!usable) {
      await this.rateLimiter.hit(limitKey, promoFailuresPerAddress);
      throw AppError.notFound(OrderText.promoInvalid);
    }
    return usable.promo;
  }

  private async visibleProduct(pid: number): Promise<ProductRow> {
    const row = await this.catalog.findVisibleById(pid);
    if (!row) throw AppError.notFound('This product was not found.');
    return row;
  }

  /** Products with their visible options (all choices) and custom fields: one query per table. */
  private async withOptions(rows: ProductRow[]): Promise<Product[]> {
    const ids = rows.map((row) => row.id);
    const [options, fields] = await Promise.all([
      this.catalog.listVisibleOptionsOf(ids),
      this.catalog.listCustomFieldsOf(ids),
    ]);
    const choices = await this.catalog.listChoicesOf(options.map((option) => option.id));
    return rows.map((row) =>
      toProduct(
        row,
        options
          .filter((option) => option.productId === row.id)
          .map((option) =>
            toConfigOption(
              option,
              choices.filter((choice) => choice.optionId === option.id),
            ),
          ),
        fields.filter((field) => field.productId === row.id),
      ),
    );
  }
}

import { z } from 'zod';
import { idParam } from './input.ts';

/**
 * The product catalogue as the billing system gives it (portal spec §3 "Product"; servers spec §3
 * "Upgrade product"). Only what the plan upgrade needs so far: the ordering work adds the other
 * cycles, setup fees, stock and configuration options.
 */

/** The billing system's mark for a cycle a product is not sold in. */
export const PRICE_NOT_OFFERED = '-1.00';

export const productPricingSchema = z.object({
  prefix: z.literal('$'),
  suffix: z.literal(' USD'),
  /** Two decimals, or '-1.00' when the product has no monthly price. */
  monthly: z.string(),
});

export const productSchema = z.object({
  pid: z.number().int(),
  gid: z.number().int(),
  name: z.string(),
  /** Lines of plain text or simple HTML; plan specs (cores, RAM, storage) are parsed from it. */
  description: z.string(),
  pricing: z.object({ USD: productPricingSchema }),
});
export type Product = z.infer<typeof productSchema>;

/** `GET billing/products/{groupId}` (API.md). */
export const productGroupResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductGroupResponse = z.infer<typeof productGroupResponseSchema>;

export const productGroupParamsSchema = z.object({
  groupId: idParam('Unknown product group.'),
});

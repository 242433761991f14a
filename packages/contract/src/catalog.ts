import { z } from 'zod';
import { idParam, singleLineText } from './input.ts';

/**
 * The product catalogue as the billing system gives it (portal spec §3 "Product" and "OS
 * template"; servers spec §3 "Upgrade product"): prices for six cycles with setup fees, stock,
 * configuration options (select, or checkbox type '3') and custom fields.
 */

/** The billing system's mark for a cycle a product is not sold in. */
export const PRICE_NOT_OFFERED = '-1.00';

/** The six billing cycles, in the order the spec and the billing system list them. */
export const billingCycles = [
  'monthly',
  'quarterly',
  'semiannually',
  'annually',
  'biennially',
  'triennially',
] as const;
export type BillingCycleName = (typeof billingCycles)[number];

/** What a service's billing cycle is called once ordered (GET services `billingcycle`). */
export const billingCycleLabel: Record<BillingCycleName, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannually: 'Semi-Annually',
  annually: 'Annually',
  biennially: 'Biennially',
  triennially: 'Triennially',
};

/** The setup-fee key of each cycle in `pricing.USD`. */
export const setupFeeKey = {
  monthly: 'msetupfee',
  quarterly: 'qsetupfee',
  semiannually: 'ssetupfee',
  annually: 'asetupfee',
  biennially: 'bsetupfee',
  triennially: 'tsetupfee',
} as const satisfies Record<BillingCycleName, string>;
export type SetupFeeKey = (typeof setupFeeKey)[BillingCycleName];

const amount = z.string();

/** `pricing.USD`: amounts with two decimals; a cycle not offered is '-1.00'. */
export const cyclePricingSchema = z.object({
  monthly: amount,
  quarterly: amount,
  semiannually: amount,
  annually: amount,
  biennially: amount,
  triennially: amount,
  msetupfee: amount,
  qsetupfee: amount,
  ssetupfee: amount,
  asetupfee: amount,
  bsetupfee: amount,
  tsetupfee: amount,
});
export type CyclePricing = z.infer<typeof cyclePricingSchema>;

export const productPricingSchema = cyclePricingSchema.extend({
  prefix: z.literal('$'),
  suffix: z.literal(' USD'),
});
export type ProductPricing = z.infer<typeof productPricingSchema>;

/** Disk layouts of a dedicated server or an OS (portal spec §5 "Disk Layout filter"). */
export const diskLayouts = ['None', 'RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'] as const;
export type DiskLayout = (typeof diskLayouts)[number];

export const configOptionChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What the choice means to the platform (an OS template name, a count, a size in GB, a node). */
  value: z.string(),
  hidden: z.boolean(),
  /** For an operating-system choice: the disk layouts it supports. */
  disklayouts: z.array(z.string()),
  pricing: z.object({ USD: cyclePricingSchema }),
});
export type ConfigOptionChoice = z.infer<typeof configOptionChoiceSchema>;

/** The roles a configuration option can play in the order rules (null: a plain priced option). */
export const configOptionRoles = [
  'operating_system',
  'disk_layout',
  'ipv4',
  'location',
  'storage_size',
] as const;
export type ConfigOptionRole = (typeof configOptionRoles)[number];

export const productConfigOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** '1' a select, '3' a checkbox (ordered with optionid 1 when ticked). */
  type: z.enum(['1', '3']),
  role: z.enum(configOptionRoles).nullable(),
  hidden: z.boolean(),
  options: z.object({ option: z.array(configOptionChoiceSchema) }),
});
export type ProductConfigOption = z.infer<typeof productConfigOptionSchema>;

export const customFieldNames = ['custom_os_id', 'vm_whmcs_id', 'ssh_key_ids'] as const;
export type CustomFieldName = (typeof customFieldNames)[number];

export const productCustomFieldSchema = z.object({
  id: z.number().int(),
  name: z.enum(customFieldNames),
});

export const productSchema = z.object({
  pid: z.number().int(),
  gid: z.number().int(),
  name: z.string(),
  /** Lines of plain text or simple HTML; plan specs (cores, RAM, storage) are parsed from it. */
  description: z.string(),
  stockcontrol: z.boolean(),
  /** Units left; meaningful only with stock control. */
  stocklevel: z.number().int(),
  /** Drive bays of a dedicated server (null for other products). */
  drivebays: z.number().int().nullable(),
  pricing: z.object({ USD: productPricingSchema }),
  configoptions: z.object({ configoption: z.array(productConfigOptionSchema) }),
  customfields: z.object({ customfield: z.array(productCustomFieldSchema) }),
});
export type Product = z.infer<typeof productSchema>;

/** What plan upgrades read of a product: its identity, description and monthly price. */
export type ProductSummary = Pick<Product, 'pid' | 'gid' | 'name' | 'description'> & {
  pricing: { USD: Pick<ProductPricing, 'prefix' | 'suffix' | 'monthly'> };
};

/** `GET billing/products/{groupId}` (API.md). */
export const productGroupResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductGroupResponse = z.infer<typeof productGroupResponseSchema>;

export const productGroupParamsSchema = z.object({
  groupId: idParam('Unknown product group.'),
});

/** `GET billing/products/product/{pid}` (API.md): the product as `products.product[0]`. */
export const singleProductResponseSchema = z.object({
  products: z.object({ product: z.array(productSchema) }),
});
export type SingleProductResponse = z.infer<typeof singleProductResponseSchema>;

export const productParamsSchema = z.object({ pid: idParam('This product was not found.') });

/** `GET billing/os-templates/{pid}` (API.md). */
export const osTemplateSchema = z.object({ name: z.string(), disklayouts: z.array(z.string()) });
export type OsTemplate = z.infer<typeof osTemplateSchema>;
export const osTemplatesResponseSchema = z.object({ data: z.array(osTemplateSchema) });
export type OsTemplatesResponse = z.infer<typeof osTemplatesResponseSchema>;

export const promoTypes = ['Percentage', 'Fixed Amount'] as const;
export type PromoType = (typeof promoTypes)[number];

/** `GET billing/promo/{productId}/{code}` (portal spec §3 "Promo code response"). */
export const promoResponseSchema = z.object({
  code: z.string(),
  type: z.enum(promoTypes),
  /** The percentage ('10.00') or the amount in USD ('5.00'). */
  value: z.string(),
  /** Applies to renewals as well as the first invoice. */
  recurring: z.boolean(),
  /** Renewals it applies to when recurring; 0 means for life. */
  recurfor: z.number().int(),
  /** Comma list of the cycles it is valid for; empty means every cycle. */
  cycles: z.string(),
  prefix: z.literal('$'),
  suffix: z.literal(' USD'),
});
export type PromoResponse = z.infer<typeof promoResponseSchema>;

export const promoParamsSchema = z.object({
  productId: idParam('This product was not found.'),
  code: singleLineText({ error: 'Promo code invalid' })
    .min(1, 'Promo code invalid')
    .max(100, 'Promo code invalid'),
});

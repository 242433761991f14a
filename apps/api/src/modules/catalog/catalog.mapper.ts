import {
  billingCycles,
  type CyclePricing,
  PRICE_NOT_OFFERED,
  type Product,
  type ProductConfigOption,
  setupFeeKey,
} from '@rackdesk/contract';
import type { configOptions, configOptionValues, productCustomFields } from '../../db/schema/index.ts';
import { centsToAmount } from '../../lib/dates.ts';
import type { ProductRow } from './catalog.repository.ts';

type PricedRow = Pick<
  ProductRow,
  | 'monthlyPriceCents'
  | 'quarterlyPriceCents'
  | 'semiannuallyPriceCents'
  | 'annuallyPriceCents'
  | 'bienniallyPriceCents'
  | 'trienniallyPriceCents'
  | 'monthlySetupCents'
  | 'quarterlySetupCents'
  | 'semiannuallySetupCents'
  | 'annuallySetupCents'
  | 'bienniallySetupCents'
  | 'trienniallySetupCents'
>;

/** A row's price columns as `pricing.USD` (a cycle not offered is '-1.00'). */
export function toCyclePricing(row: PricedRow): CyclePricing {
  const pricing = {} as CyclePricing;
  for (const cycle of billingCycles) {
    const price = row[`${cycle}PriceCents`];
    pricing[cycle] = price === null ? PRICE_NOT_OFFERED : centsToAmount(price);
    pricing[setupFeeKey[cycle]] = centsToAmount(row[`${cycle}SetupCents`]);
  }
  return pricing;
}

export type ConfigOptionRow = typeof configOptions.$inferSelect;
export type ConfigOptionValueRow = typeof configOptionValues.$inferSelect;
export type CustomFieldRow = typeof productCustomFields.$inferSelect;

export function toConfigOption(option: ConfigOptionRow, values: ConfigOptionValueRow[]): ProductConfigOption {
  return {
    id: option.id,
    name: option.name,
    type: option.type,
    role: option.role,
    hidden: option.hidden,
    options: {
      option: values.map((value) => ({
        id: value.id,
        name: value.name,
        value: value.value,
        hidden: value.hidden,
        disklayouts: value.diskLayouts,
        pricing: { USD: toCyclePricing(value) },
      })),
    },
  };
}

/** A product row, its configuration options and custom fields, in the billing system's shape. */
export function toProduct(
  row: ProductRow,
  options: ProductConfigOption[] = [],
  fields: CustomFieldRow[] = [],
): Product {
  return {
    pid: row.id,
    gid: row.groupId,
    name: row.name,
    description: row.description,
    stockcontrol: row.stockControl,
    stocklevel: row.stockLevel,
    drivebays: row.driveBays,
    pricing: { USD: { prefix: '$', suffix: ' USD', ...toCyclePricing(row) } },
    configoptions: { configoption: options },
    customfields: { customfield: fields.map((field) => ({ id: field.id, name: field.name })) },
  };
}

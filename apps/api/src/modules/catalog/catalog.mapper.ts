import {
  billingCycles,
  type CyclePricing,
  type OsTemplate,
  PRICE_NOT_OFFERED,
  type Product,
  type ProductConfigOption,
  type PromoResponse,
  setupFeeKey,
} from '@rackdesk/contract';
import { centsToAmount } from '../../lib/dates.ts';
import type {
  ConfigOptionRow,
  ConfigOptionValueRow,
  CustomFieldRow,
  OsTemplateRow,
  ProductRow,
  PromoCodeRow,
} from './catalog.repository.ts';

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

export const toOsTemplate = (row: OsTemplateRow): OsTemplate => ({
  name: row.name,
  disklayouts: row.diskLayouts,
});

/** A promotion code as the order page reads it: a percentage ('10.00') or an amount in USD. */
export function toPromoResponse(row: PromoCodeRow): PromoResponse {
  return {
    code: row.code,
    type: row.type,
    // Hundredths of a percent read like cents: 1250 is '12.50' (%).
    value: centsToAmount((row.type === 'Percentage' ? row.percentBp : row.amountCents) ?? 0),
    recurring: row.recurring,
    recurfor: row.recurFor,
    cycles: row.cycles.join(','),
    prefix: '$',
    suffix: ' USD',
  };
}

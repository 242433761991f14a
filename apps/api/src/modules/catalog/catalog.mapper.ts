import { PRICE_NOT_OFFERED, type Product } from '@rackdesk/contract';
import { centsToAmount } from '../../lib/dates.ts';
import type { ProductRow } from './catalog.repository.ts';

/** A product row to the billing system's product shape. */
export function toProduct(row: ProductRow): Product {
  return {
    pid: row.id,
    gid: row.groupId,
    name: row.name,
    description: row.description,
    pricing: {
      USD: {
        prefix: '$',
        suffix: ' USD',
        monthly: row.monthlyPriceCents === null ? PRICE_NOT_OFFERED : centsToAmount(row.monthlyPriceCents),
      },
    },
  };
}

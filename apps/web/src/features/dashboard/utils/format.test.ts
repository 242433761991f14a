import { describe, expect, it } from 'vitest';
import { formatInvoiceTotal } from './format.ts';

describe('dashboard formatting', () => {
  it('writes invoice totals with the currency prefix and suffix', () => {
    expect(formatInvoiceTotal({ currencyprefix: '$', total: '20.00', currencysuffix: ' USD' })).toBe(
      '$20.00 USD',
    );
  });
});

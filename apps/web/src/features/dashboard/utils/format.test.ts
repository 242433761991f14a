import { describe, expect, it } from 'vitest';
import { formatInvoiceTotal, formatNewYorkTime, truncateSubject } from './format.ts';

describe('dashboard formatting', () => {
  it('cuts subjects longer than 32 characters with an ellipsis, and only those', () => {
    const exact = 'a'.repeat(32);
    expect(truncateSubject(exact)).toBe(exact);
    expect(truncateSubject(`${exact}b`)).toBe(`${exact}...`);
    expect(truncateSubject('High network latency on web01 since this morning')).toBe(
      'High network latency on web01 si...',
    );
  });

  it('writes invoice totals with the currency prefix and suffix', () => {
    expect(formatInvoiceTotal({ currencyprefix: '$', total: '20.00', currencysuffix: ' USD' })).toBe(
      '$20.00 USD',
    );
  });

  it('shows New York ticket times to the minute', () => {
    expect(formatNewYorkTime('2026-11-23 02:42:30')).toBe('2026-11-23 02:42 ET');
    expect(formatNewYorkTime('unknown')).toBe('unknown');
  });
});

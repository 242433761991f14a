import { describe, expect, it } from 'vitest';
import { invoicePageQuery } from './get-invoices.ts';

describe('invoicePageQuery', () => {
  it('asks for one page from its first row', () => {
    expect(invoicePageQuery({ serviceId: undefined, search: '', pageIndex: 2, pageSize: 5 })).toBe(
      'limitstart=10&limitnum=5',
    );
  });

  it('names the service and the search, trimmed and escaped', () => {
    expect(invoicePageQuery({ serviceId: '7', search: ' Un paid ', pageIndex: 0, pageSize: 25 })).toBe(
      'relid=7&q=Un+paid&limitstart=0&limitnum=25',
    );
  });
});

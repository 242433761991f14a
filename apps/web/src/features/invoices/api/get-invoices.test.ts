import { describe, expect, it } from 'vitest';
import { invoicePageQuery } from './get-invoices.ts';

describe('invoicePageQuery', () => {
  it('asks for the first page by its size, and a later one by its cursor', () => {
    expect(
      invoicePageQuery({
        serviceId: undefined,
        search: '',
        page: { pageIndex: 0, pageSize: 5, cursor: null },
      }),
    ).toBe('limitnum=5');
    expect(
      invoicePageQuery({
        serviceId: undefined,
        search: '',
        page: { pageIndex: 2, pageSize: 5, cursor: 'c1' },
      }),
    ).toBe('limitnum=5&cursor=c1');
  });

  it('names the service and the search, trimmed and escaped', () => {
    expect(
      invoicePageQuery({
        serviceId: '7',
        search: ' Un paid ',
        page: { pageIndex: 0, pageSize: 25, cursor: null },
      }),
    ).toBe('relid=7&q=Un+paid&limitnum=25');
  });
});

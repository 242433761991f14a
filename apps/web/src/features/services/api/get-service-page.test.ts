import { describe, expect, it } from 'vitest';
import { servicePageQuery } from './get-service-page.ts';

describe('servicePageQuery', () => {
  const first = { pageIndex: 0, pageSize: 10, cursor: null };

  it('asks for the first page of active services in the server order', () => {
    expect(servicePageQuery({ search: '', showAll: false, sort: null, page: first })).toBe('limitnum=10');
  });

  it('asks for inactive services too, searched and sorted by a column, from a cursor', () => {
    expect(
      servicePageQuery({
        search: ' web ',
        showAll: true,
        sort: { id: 'price', desc: true },
        page: { pageIndex: 3, pageSize: 50, cursor: 'xyz' },
      }),
    ).toBe('show_all=true&q=web&sort=price&order=desc&limitnum=50&cursor=xyz');
  });
});

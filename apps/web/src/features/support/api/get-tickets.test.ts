import { describe, expect, it } from 'vitest';
import { ticketPageQuery } from './get-tickets.ts';

describe('ticketPageQuery', () => {
  it('asks for a page sorted by a column, searched by subject, from a cursor', () => {
    expect(
      ticketPageQuery({
        search: ' latency ',
        sort: { id: 'lastupdate', desc: true },
        page: { pageIndex: 1, pageSize: 25, cursor: 'abc' },
      }),
    ).toBe('q=latency&sort=lastupdate&order=desc&limitnum=25&cursor=abc');
  });

  it('asks for the first page in the server order', () => {
    expect(
      ticketPageQuery({ search: '', sort: null, page: { pageIndex: 0, pageSize: 10, cursor: null } }),
    ).toBe('limitnum=10');
  });
});

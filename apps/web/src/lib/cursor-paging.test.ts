import { describe, expect, it } from 'vitest';
import { listQueryString, movePage } from './cursor-paging.ts';

const first = { pageIndex: 0, pageSize: 10, cursor: null };

describe('movePage', () => {
  const shown = { next_cursor: 'N', prev_cursor: 'P' };

  it('goes to the next and the previous page by the cursors of the page shown', () => {
    expect(movePage(first, { pageIndex: 1, pageSize: 10 }, shown)).toEqual({
      pageIndex: 1,
      pageSize: 10,
      cursor: 'N',
    });
    const third = { pageIndex: 2, pageSize: 10, cursor: 'X' };
    expect(movePage(third, { pageIndex: 1, pageSize: 10 }, shown)).toEqual({
      pageIndex: 1,
      pageSize: 10,
      cursor: 'P',
    });
  });

  it('starts again from the first page for a new page size or the first page', () => {
    const third = { pageIndex: 2, pageSize: 10, cursor: 'X' };
    expect(movePage(third, { pageIndex: 0, pageSize: 25 }, shown)).toEqual({
      pageIndex: 0,
      pageSize: 25,
      cursor: null,
    });
    expect(movePage(third, { pageIndex: 0, pageSize: 10 }, shown)).toEqual(first);
  });

  it('stays put without a cursor that way, or for a jump it cannot make', () => {
    expect(movePage(first, { pageIndex: 1, pageSize: 10 }, { next_cursor: null })).toBe(first);
    expect(movePage(first, { pageIndex: 1, pageSize: 10 }, undefined)).toBe(first);
    expect(movePage(first, { pageIndex: 3, pageSize: 10 }, shown)).toBe(first);
  });
});

describe('listQueryString', () => {
  it('asks for the first page with the size alone', () => {
    expect(listQueryString(first, {})).toBe('limitnum=10');
  });

  it('names the filters, the trimmed search, the sort and the cursor', () => {
    expect(
      listQueryString(
        { pageIndex: 1, pageSize: 25, cursor: 'abc_-1' },
        {
          sort: { id: 'nextduedate', desc: true },
          search: '  web 01 ',
          filters: { show_all: 'true', relid: undefined },
        },
      ),
    ).toBe('show_all=true&q=web+01&sort=nextduedate&order=desc&limitnum=25&cursor=abc_-1');
  });

  it('leaves out a blank search and an ascending sort says so', () => {
    expect(listQueryString(first, { search: '   ', sort: { id: 'name', desc: false } })).toBe(
      'sort=name&order=asc&limitnum=10',
    );
  });
});

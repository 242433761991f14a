import { useState } from 'react';
import type { ColumnSort, PageState } from '../components/data-table/data-table.tsx';

/**
 * Paging a list the server pages by cursor: the table counts pages (for 'Showing X - Y of Z
 * items'), the server is asked for the page after or before the one shown by the cursors its
 * answer gave. A new sort, search, filter or page size starts again from the first page.
 */

/** How long a list's search box waits for typing to stop before it asks the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** Where a list is: the page shown, its size, and the cursor that asked for it (null: the first page). */
export interface CursorPageState extends PageState {
  cursor: string | null;
}

/** The cursors of the page on screen. */
export interface PageCursors {
  next_cursor?: string | null | undefined;
  prev_cursor?: string | null | undefined;
}

/** The state after the table asks for `requested` while `shown` (with its cursors) is on screen. */
export function movePage(
  current: CursorPageState,
  requested: PageState,
  shown: PageCursors | undefined,
): CursorPageState {
  if (requested.pageSize !== current.pageSize || requested.pageIndex === 0) {
    return { pageIndex: 0, pageSize: requested.pageSize, cursor: null };
  }
  if (requested.pageIndex === current.pageIndex + 1 && shown?.next_cursor) {
    return { ...requested, cursor: shown.next_cursor };
  }
  if (requested.pageIndex === current.pageIndex - 1 && shown?.prev_cursor) {
    return { ...requested, cursor: shown.prev_cursor };
  }
  return current;
}

/** What a list asks the server for, besides its page. */
export interface ListParams {
  sort?: ColumnSort | null;
  /** The search box's text; trimmed, and left out when empty. */
  search?: string;
  /** Query parameters of the list's own filters; undefined ones are left out. */
  filters?: Record<string, string | undefined>;
}

/** The query string of one page of a list (`limitnum`, `cursor`, `sort`, `order`, `q` and filters). */
export function listQueryString(page: CursorPageState, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filters ?? {})) {
    if (value !== undefined) query.set(name, value);
  }
  const search = params.search?.trim() ?? '';
  if (search !== '') query.set('q', search);
  if (params.sort) {
    query.set('sort', params.sort.id);
    query.set('order', params.sort.desc ? 'desc' : 'asc');
  }
  query.set('limitnum', String(page.pageSize));
  if (page.cursor) query.set('cursor', page.cursor);
  return query.toString();
}

/**
 * The page state of a cursor-paged list. `resetKey` names what the rows depend on (sort, search,
 * filters): when it changes, the list goes back to its first page.
 */
export function useCursorPaging(defaultPageSize: number, resetKey: string) {
  const [page, setPage] = useState<CursorPageState>({
    pageIndex: 0,
    pageSize: defaultPageSize,
    cursor: null,
  });
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setPage((current) => ({ ...current, pageIndex: 0, cursor: null }));
  }
  return {
    page,
    /** Moves to the page the table asks for, by the cursors of the page on screen. */
    change: (requested: PageState, shown: PageCursors | undefined) =>
      setPage((current) => movePage(current, requested, shown)),
  };
}

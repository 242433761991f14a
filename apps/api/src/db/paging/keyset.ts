import { LIST_DEFAULT_PAGE_SIZE, type PageFields, type SortOrder } from '@rackdesk/contract';
import { type AnyColumn, asc, desc, Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import {
  type CursorDirection,
  decodeCursor,
  encodeCursor,
  type ListCursor,
  listFingerprint,
  type SortKeyType,
} from './list-cursor.ts';

/**
 * Keyset paging of a list: a page after a cursor is `WHERE (key, id) > ($key, $id) ORDER BY key,
 * id LIMIT n` (mirrored for descending orders and for the page before), so a deep page costs what
 * the first one does, on an index that starts with the account and the key.
 */

/** How a list is ordered: by `key` then the row id, both the same way; by id alone when `key` is null. */
export interface ListSort {
  key: SQL | null;
  type: SortKeyType;
  order: SortOrder;
}

/** One page asked for: after (or before) a cursor's row, or at an offset. */
export interface PageRequest {
  limit: number;
  offset: number;
  cursor: ListCursor | null;
  fingerprint: string;
}

/** Names of the placeholders a keyset statement reads. */
export const KEYSET_PARAMS = {
  key: 'cursor_key',
  id: 'cursor_id',
  limit: 'limit',
  offset: 'offset',
} as const;

/** The order the statement reads rows in: a page before a cursor is read backwards, then turned. */
const readOrder = (order: SortOrder, direction: CursorDirection): SortOrder =>
  direction === 'next' ? order : order === 'asc' ? 'desc' : 'asc';

/** `ORDER BY key, id` for the way a page is read. */
export function keysetOrderBy(sort: ListSort, id: AnyColumn, direction: CursorDirection): SQL[] {
  const by = readOrder(sort.order, direction) === 'asc' ? asc : desc;
  return sort.key ? [by(sort.key), by(id)] : [by(id)];
}

/**
 * The rows past the cursor's boundary row, as one row comparison the index answers: with the
 * cursor's values, or with placeholders for a prepared statement.
 */
export function keysetAfter(
  sort: ListSort,
  id: AnyColumn,
  direction: CursorDirection,
  cursor?: Pick<ListCursor, 'key' | 'id'>,
): SQL {
  const past = sql.raw(readOrder(sort.order, direction) === 'asc' ? '>' : '<');
  const cursorId = cursor ? sql`${cursor.id}` : sql.placeholder(KEYSET_PARAMS.id);
  if (!sort.key) return sql`${id} ${past} ${cursorId}`;
  const key = cursor ? sql`${cursor.key}` : sql.placeholder(KEYSET_PARAMS.key);
  return sql`(${sort.key}, ${id}) ${past} (cast(${key} as ${sql.raw(sort.type)}), ${cursorId})`;
}

/** The sort key of each row as PostgreSQL writes it, for the cursors (exact to the microsecond). */
export const sortKeyText = (sort: ListSort): SQL<string | null> =>
  sort.key ? sql<string>`(${sort.key})::text` : sql<null>`null`;

/** The placeholder values of a page's statement. */
export function keysetValues(page: PageRequest): Record<string, unknown> {
  return {
    [KEYSET_PARAMS.limit]: page.limit + 1,
    [KEYSET_PARAMS.offset]: page.offset,
    ...(page.cursor ? { [KEYSET_PARAMS.key]: page.cursor.key, [KEYSET_PARAMS.id]: page.cursor.id } : {}),
  };
}

/**
 * Reads a list query's paging parameters into a page request. `parts` are what decides the
 * list's rows and order: a cursor made under other parts is refused.
 */
export function pageRequestOf(
  query: { limitnum?: number | undefined; limitstart?: number | undefined; cursor?: string | undefined },
  sort: ListSort,
  parts: readonly unknown[],
): PageRequest {
  const fingerprint = listFingerprint(parts);
  if (query.cursor !== undefined && query.limitstart !== undefined) {
    throw AppError.invalid('cursor', 'Send either cursor or limitstart, not both.');
  }
  const cursor =
    query.cursor === undefined ? null : decodeCursor(query.cursor, fingerprint, sort.key ? sort.type : null);
  return {
    limit: query.limitnum ?? LIST_DEFAULT_PAGE_SIZE,
    offset: query.limitstart ?? 0,
    cursor,
    fingerprint,
  };
}

/** A page's rows in the list's order, with its place and the cursors to its neighbours. */
export function pageOf<R extends { id: number; sortKey: string | null }>(
  fetched: R[],
  page: PageRequest,
  total: number,
): { rows: R[]; fields: PageFields } {
  const backwards = page.cursor?.direction === 'prev';
  const more = fetched.length > page.limit;
  const kept = fetched.slice(0, page.limit);
  const rows = backwards ? kept.reverse() : kept;
  const start = !page.cursor
    ? page.offset
    : backwards
      ? more
        ? Math.max(0, page.cursor.at - rows.length)
        : 0
      : page.cursor.at;
  const first = rows[0];
  const last = rows.at(-1);
  const cursorAt = (row: R, direction: CursorDirection, at: number) =>
    encodeCursor(page.fingerprint, { key: row.sortKey, id: row.id, direction, at });
  // Rows follow a page read backwards (its cursor's row at least), and precede one read forwards
  // from a cursor or an offset.
  const hasNext = backwards || more;
  const hasPrev = backwards ? more : page.cursor !== null || page.offset > 0;
  return {
    rows,
    fields: {
      totalresults: total,
      startnumber: start,
      numreturned: rows.length,
      next_cursor: last && hasNext ? cursorAt(last, 'next', start + rows.length) : null,
      prev_cursor: first && hasPrev ? cursorAt(first, 'prev', start) : null,
    },
  };
}

/** `%text%` for ILIKE, with the pattern characters of the text matched as themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A PostgreSQL array literal of ids or names, sent as one parameter (`= any(cast($n as int[]))`). */
export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/**
 * Prepared statements of one list, one per shape (sort, order, direction, which filters are set):
 * every shape has a fixed text, so PostgreSQL plans it once per connection.
 */
export class PreparedShapes<S> {
  private readonly statements = new Map<string, S>();

  constructor(private readonly prefix: string) {}

  get(shape: readonly unknown[], prepare: (name: string) => S): S {
    const key = JSON.stringify(shape);
    let statement = this.statements.get(key);
    if (!statement) {
      statement = prepare(`${this.prefix}_${listFingerprint(shape).replace(/-/g, '_')}`);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** A statement's SQL with its placeholders filled, for `EXPLAIN` of exactly what a list runs. */
export function explainable(
  statement: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): { sql: string; params: unknown[] } {
  const { sql: text, params } = statement.toSQL();
  return {
    sql: text,
    params: params.map((param) => (param instanceof Placeholder ? values[param.name as string] : param)),
  };
}

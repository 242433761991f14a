import type { SortOrder, TicketSortColumn } from '@rackdesk/contract';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  containsPattern,
  KEYSET_PARAMS,
  keysetAfter,
  keysetOrderBy,
  type ListSort,
  sortKeyText,
} from '../../db/paging/keyset.ts';
import { KeysetList, type ListRequest, type ListShape } from '../../db/paging/keyset-list.ts';
import { departments, tickets } from '../../db/schema/index.ts';

/**
 * The ticket list's SQL (portal spec §2 Support): an account's tickets with their department,
 * searched by subject, without Closed ones for the dashboard's card, sorted and paged in the
 * database.
 */

export interface TicketListFilter {
  accountId: number;
  /** Leaves out Closed tickets (the dashboard's Recent Tickets card). */
  openOnly: boolean;
  /** The subject search, trimmed; '' for none. */
  search: string;
}

/**
 * The key of each sortable column; without one, most recently updated first (the list's
 * default). Text compares as the table's string sort does: lower case, code point order.
 */
export function ticketSort(column: TicketSortColumn | undefined, order: SortOrder | undefined): ListSort {
  switch (column) {
    case 'department':
      return { key: sql`lower(${departments.name}) collate "C"`, type: 'text', order: order ?? 'asc' };
    case 'subject':
      return { key: sql`lower(${tickets.subject}) collate "C"`, type: 'text', order: order ?? 'asc' };
    case 'status':
      return { key: sql`${tickets.status} collate "C"`, type: 'text', order: order ?? 'asc' };
    case 'lastupdate':
    case undefined:
      return { key: sql`${tickets.lastReplyAt}`, type: 'timestamptz', order: order ?? 'desc' };
  }
}

const P = { accountId: 'account_id', pattern: 'pattern' } as const;

interface FilterShape {
  openOnly: boolean;
  search: boolean;
}

function matching(filters: FilterShape): SQL | undefined {
  return and(
    eq(tickets.userId, sql.placeholder(P.accountId)),
    filters.openOnly ? ne(tickets.status, 'Closed') : undefined,
    filters.search ? sql`${tickets.subject} ilike ${sql.placeholder(P.pattern)}` : undefined,
  );
}

function listStatement(db: Db, shape: ListShape<TicketSortColumn, FilterShape>) {
  const sort = ticketSort(shape.sort, shape.order);
  const query = db
    .select({ ticket: tickets, deptname: departments.name, sortKey: sortKeyText(sort) })
    .from(tickets)
    .innerJoin(departments, eq(departments.id, tickets.departmentId))
    .where(
      and(matching(shape.filters), shape.cursor ? keysetAfter(sort, tickets.id, shape.direction) : undefined),
    )
    .orderBy(...keysetOrderBy(sort, tickets.id, shape.direction));
  return shape.paged
    ? query.limit(sql.placeholder(KEYSET_PARAMS.limit)).offset(sql.placeholder(KEYSET_PARAMS.offset))
    : query;
}

export type TicketListRow = Awaited<ReturnType<typeof listStatement>>[number];
export type TicketListRequest = ListRequest<TicketSortColumn, TicketListFilter>;

/** The ticket list of one database: its rows, its count, and its SQL for `EXPLAIN`. */
export const ticketList = (db: Db) =>
  new KeysetList<TicketSortColumn, TicketListFilter, FilterShape, TicketListRow>({
    name: 'tickets',
    statement: (shape) => listStatement(db, shape),
    count: (filters) => db.select({ total: count() }).from(tickets).where(matching(filters)),
    filterShape: (filter) => ({ openOnly: filter.openOnly, search: filter.search !== '' }),
    filterValues: (filter) => ({
      [P.accountId]: filter.accountId,
      ...(filter.search ? { [P.pattern]: containsPattern(filter.search) } : {}),
    }),
  });

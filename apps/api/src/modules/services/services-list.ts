import {
  activeListStatuses,
  type ServiceListQuery,
  type ServiceSortColumn,
  serviceGroupTypes,
  type SortOrder,
} from '@rackdesk/contract';
import { and, type AnyColumn, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  arrayLiteral,
  containsPattern,
  keysetOrderBy,
  type ListSort,
  sortKeyText,
} from '../../db/paging/keyset.ts';
import { inListOrder, KeysetList, type ListRequest, type ListShape } from '../../db/paging/keyset-list.ts';
import { isUnpaid } from '../billing/unpaid-status.ts';
import { billingFields, listedServiceColumns, pendingCancellations } from './services.repository.ts';
import { invoiceItems, invoices, productGroups, products, services } from '../../db/schema/index.ts';

/**
 * The service list's SQL (servers spec §2): the account's services with their product, group,
 * pending cancellation and oldest unpaid invoice, filtered, searched, sorted and paged in the
 * database.
 */

/** Which services a list shows, after the caller's rights and the list's parameters. */
export interface ServiceListFilter {
  accountId: number;
  /** A sub-account's whitelist; null for every service of the account. */
  onlyIds: readonly number[] | null;
  /** Only these statuses; null for every status ('Show all services'). */
  statuses: readonly string[] | null;
  /** The search box's text, trimmed; '' for none. */
  search: string;
}

// Sort keys compare as the table's string sort does (lower case, code point order), and every
// key has an index starting with the account that returns rows in its order (migration 0011).
const byText = (column: AnyColumn) => sql`lower(${column}) collate "C"`;
const typeName = sql`(case ${productGroups.name} ${sql.raw(
  [...serviceGroupTypes]
    .map(([group, type]) => `when '${group.replace(/'/g, "''")}' then '${type}'`)
    .join(' '),
)} else 'misc' end) collate "C"`;

/** The key and key type of each sortable column; `nextduedate` keeps services without one last either way. */
export function serviceSort(column: ServiceSortColumn | undefined, order: SortOrder): ListSort {
  switch (column) {
    case 'name':
      return { key: byText(services.domain), type: 'text', order };
    case 'type':
      return { key: typeName, type: 'text', order };
    case 'ip':
      return { key: byText(services.dedicatedIp), type: 'text', order };
    case 'price':
      return { key: sql`${services.recurringAmountCents}`, type: 'integer', order };
    case 'nextduedate':
      return {
        key: sql`coalesce(${services.nextDueDate}, ${sql.raw(order === 'asc' ? "'infinity'" : "'-infinity'")}::date)`,
        type: 'date',
        order,
      };
    case 'status':
      return { key: sql`${services.status} collate "C"`, type: 'text', order };
    case undefined:
      return { key: null, type: 'integer', order };
  }
}

/** The filters of a list query: 'Show all services' and the search. */
export function serviceListFilterOf(
  query: ServiceListQuery,
  paged: boolean,
  accountId: number,
  onlyIds: readonly number[] | null,
): ServiceListFilter {
  // A page is the services page, which starts without inactive services; the whole list is the
  // spec's answer, which has them all.
  const showAll = query.show_all ?? !paged;
  return { accountId, onlyIds, statuses: showAll ? null : activeListStatuses, search: query.q?.trim() ?? '' };
}

const P = {
  accountId: 'account_id',
  onlyIds: 'only_ids',
  statuses: 'statuses',
  pattern: 'pattern',
} as const;

/** Which filters a statement has (their values are placeholders). */
interface FilterShape {
  onlyIds: boolean;
  statuses: boolean;
  search: boolean;
}

function matching(filters: FilterShape): SQL | undefined {
  return and(
    eq(services.userId, sql.placeholder(P.accountId)),
    filters.onlyIds ? sql`${services.id} = any(cast(${sql.placeholder(P.onlyIds)} as int[]))` : undefined,
    filters.statuses
      ? sql`${services.status} = any(cast(${sql.placeholder(P.statuses)} as text[]))`
      : undefined,
    filters.search ? searched() : undefined,
  );
}

const searchedProducts = alias(products, 'searched_products');
const searchedGroups = alias(productGroups, 'searched_groups');

/**
 * The search: the domain, IP or status, or the product's or group's name, contains the text, as
 * `ilike` does, which in a UTF-8 database is `lower(field) like lower(pattern)`. Written out so
 * that the pattern is lowered once per statement rather than once per service, and the catalog's
 * few names are matched once (a hashed subplan) instead of joining them to every service.
 */
function searched(): SQL {
  const pattern = sql`(select lower(cast(${sql.placeholder(P.pattern)} as text)))`;
  const contains = (field: SQL | AnyColumn) => sql`lower(${field}) like ${pattern}`;
  const productIds = sql`select ${searchedProducts.id} from ${products} ${sql.identifier('searched_products')} inner join ${productGroups} ${sql.identifier('searched_groups')} on ${eq(searchedGroups.id, searchedProducts.groupId)} where ${contains(searchedProducts.name)} or ${contains(searchedGroups.name)}`;
  return sql`(${contains(services.domain)} or ${services.productId} in (${productIds}) or ${contains(services.dedicatedIp)} or ${contains(services.status)})`;
}

/** Services with their product and group, which the type sort and the answer's rows read. */
const withCatalog = <Q extends PgSelect>(query: Q) =>
  query
    .innerJoin(products, eq(products.id, services.productId))
    .innerJoin(productGroups, eq(productGroups.id, products.groupId));

/**
 * The oldest unpaid invoice of each listed service: the one its 'Invoice Due' tag links to. A
 * page looks it up for each of its rows (a lateral join: ten lookups, not the account's whole
 * unpaid billing); the whole list groups the account's unpaid invoices once, which beats
 * thousands of lookups.
 */
function unpaidInvoices(db: Db, paged: boolean) {
  const oldest = sql<number | null>`min(${invoices.id})`.as('unpaid_invoice_id');
  const items = db.select({ serviceId: invoiceItems.serviceId, invoiceId: oldest }).from(invoiceItems);
  return items
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(
      and(
        paged ? eq(invoiceItems.serviceId, services.id) : eq(invoices.userId, sql.placeholder(P.accountId)),
        isUnpaid,
      ),
    )
    .groupBy(invoiceItems.serviceId)
    .as('unpaid_invoice');
}

/**
 * The list statement of one shape, with placeholders for every value. A page is chosen first, from
 * the services alone (with the catalog only when the sort or the search reads it), so an ordered
 * index scan with a LIMIT serves it whatever number of services the account has: a generic plan
 * guesses about ten per account, and would otherwise join every service of a big account before
 * sorting. The page's rows then get their product, group, cancellation and unpaid invoice.
 */
function listStatement(db: Db, shape: ListShape<ServiceSortColumn, FilterShape>) {
  const sort = serviceSort(shape.sort, shape.order);
  const pending = pendingCancellations(db);
  const unpaid = unpaidInvoices(db, shape.paged);
  const rows = db
    .select({
      ...billingFields(pending, listedServiceColumns),
      invoiceId: sql<number | null>`${unpaid.invoiceId}`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      sortKey: sortKeyText(sort),
    })
    .from(services)
    .$dynamic();
  const withPending = withCatalog(rows).leftJoin(pending, eq(pending.serviceId, services.id));
  const query = shape.paged
    ? withPending.leftJoinLateral(unpaid, sql`true`)
    : withPending.leftJoin(unpaid, eq(unpaid.serviceId, services.id));
  if (!shape.paged) return inListOrder(query, matching(shape.filters), sort, services.id, shape);
  const ids = db.select({ id: services.id }).from(services).$dynamic();
  const pageIds = inListOrder(
    shape.sort === 'type' ? withCatalog(ids) : ids,
    matching(shape.filters),
    sort,
    services.id,
    shape,
  );
  return query
    .where(inArray(services.id, pageIds))
    .orderBy(...keysetOrderBy(sort, services.id, shape.direction));
}

export type ServiceListRow = Awaited<ReturnType<typeof listStatement>>[number];
export type ServiceListRequest = ListRequest<ServiceSortColumn, ServiceListFilter>;

/** The service list of one database: its rows, its count, and its SQL for `EXPLAIN`. */
export const serviceList = (db: Db) =>
  new KeysetList<ServiceSortColumn, ServiceListFilter, FilterShape, ServiceListRow>({
    name: 'services',
    statement: (shape) => listStatement(db, shape),
    // No filter reads the catalog's rows (the search matches its names apart): joining them to
    // count a big account's services cost more than the count itself.
    count: (filters) => db.select({ total: count() }).from(services).where(matching(filters)),
    filterShape: (filter) => ({
      onlyIds: filter.onlyIds !== null,
      statuses: filter.statuses !== null,
      search: filter.search !== '',
    }),
    filterValues: (filter) => ({
      [P.accountId]: filter.accountId,
      ...(filter.onlyIds ? { [P.onlyIds]: arrayLiteral(filter.onlyIds) } : {}),
      ...(filter.statuses ? { [P.statuses]: arrayLiteral(filter.statuses) } : {}),
      ...(filter.search ? { [P.pattern]: containsPattern(filter.search) } : {}),
    }),
  });

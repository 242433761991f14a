import type { InvoiceStatus } from '@rackdesk/contract';
import {
  and,
  asc,
  between,
  count,
  eq,
  exists,
  getTableColumns,
  gte,
  inArray,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { invoiceItems, invoices, transactions } from '../../db/schema/index.ts';
import {
  explainable,
  KEYSET_PARAMS,
  keysetAfter,
  keysetOrderBy,
  keysetValues,
  type ListSort,
  type PageRequest,
  PreparedShapes,
  sortKeyText,
} from '../../db/paging/keyset.ts';
import { idRangesStartingWith } from './invoice-search.ts';
import { isUnpaid } from './unpaid-status.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
/** A listed invoice with its sort key as the database writes it, for the cursors. */
export type InvoiceListRow = InvoiceRow & { sortKey: string | null };
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

/** Which of an account's invoices a list shows. */
export interface InvoiceFilter {
  /** Only those billing this service. */
  serviceId?: number | undefined;
  /** Only those shown with one of these statuses (Overdue and Unpaid are told apart by `today`). */
  statuses?: readonly InvoiceStatus[] | undefined;
  /** Only those whose number starts with these digits. */
  idPrefix?: string | undefined;
  today: string;
}

/** The invoice list's one order: newest first, ties by id (portal spec §2). */
export const invoiceSort: ListSort = { key: sql`${invoices.date}`, type: 'date', order: 'desc' };

const P = { accountId: 'account_id', today: 'today' } as const;

const itemsQuery = (db: DbOrTx, invoiceId: number | Placeholder) =>
  db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.id));

const prepareDetailReads = (db: Db) => ({
  byId: db
    .select()
    .from(invoices)
    .where(eq(invoices.id, sql.placeholder('id')))
    .prepare('invoice_by_id'),
  items: itemsQuery(db, sql.placeholder('invoiceId')).prepare('invoice_items_of_invoice'),
  transactions: db
    .select()
    .from(transactions)
    .where(eq(transactions.invoiceId, sql.placeholder('invoiceId')))
    .orderBy(asc(transactions.date), asc(transactions.id))
    .prepare('transactions_of_invoice'),
});

export class InvoicesRepository {
  private preparedDetailReads?: ReturnType<typeof prepareDetailReads>;
  /**
   * The pages every visit asks for (the whole account, or only its due invoices; from the start
   * or from a cursor) as prepared statements; a search or a service's invoices are planned anew.
   */
  private readonly hotPages = new PreparedShapes<{
    execute(values: Record<string, unknown>): Promise<unknown>;
  }>('invoices_page');

  constructor(private readonly db: Db) {}

  /**
   * An account's invoices that pass `filter`, newest first: all of them (`page` null), or one
   * page read by keyset (the rows after or before a cursor) or at an offset, with one row more
   * than asked for so the caller knows whether another page follows.
   */
  list(accountId: number, filter: InvoiceFilter, page: PageRequest | null = null): Promise<InvoiceListRow[]> {
    if (page && isHot(filter)) {
      const shape = {
        statuses: filter.statuses ?? null,
        cursor: page.cursor !== null,
        direction: page.cursor?.direction,
      };
      const statement = this.hotPages.get([shape], (name) =>
        this.pageQuery(
          matchingIn(this.db, sql.placeholder(P.accountId), filter, sql.placeholder(P.today)),
          page,
          true,
        ).prepare(name),
      );
      return statement.execute({
        [P.accountId]: accountId,
        [P.today]: filter.today,
        ...keysetValues(page),
      }) as Promise<InvoiceListRow[]>;
    }
    return this.pageQuery(matchingIn(this.db, accountId, filter, filter.today), page, false);
  }

  /** The statement of a page (or of the whole list), for `EXPLAIN` of exactly what a list runs. */
  listSql(accountId: number, filter: InvoiceFilter, page: PageRequest | null) {
    return explainable(this.pageQuery(matchingIn(this.db, accountId, filter, filter.today), page, false), {});
  }

  private pageQuery(where: SQL | undefined, page: PageRequest | null, prepared: boolean) {
    const direction = page?.cursor?.direction ?? 'next';
    const after =
      page?.cursor && keysetAfter(invoiceSort, invoices.id, direction, prepared ? undefined : page.cursor);
    const query = this.db
      .select({ ...getTableColumns(invoices), sortKey: sortKeyText(invoiceSort) })
      .from(invoices)
      .where(and(where, after || undefined))
      .orderBy(...keysetOrderBy(invoiceSort, invoices.id, direction));
    if (!page) return query;
    return prepared
      ? query.limit(sql.placeholder(KEYSET_PARAMS.limit)).offset(sql.placeholder(KEYSET_PARAMS.offset))
      : query.limit(page.limit + 1).offset(page.offset);
  }

  async countMatching(accountId: number, filter: InvoiceFilter): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(invoices)
      .where(matchingIn(this.db, accountId, filter, filter.today));
    return row?.total ?? 0;
  }

  findById(id: number): Promise<InvoiceRow | undefined> {
    return this.detailReads.byId.execute({ id }).then(([row]) => row);
  }

  itemsOf(invoiceId: number, db: DbOrTx = this.db): Promise<InvoiceItemRow[]> {
    if (db === this.db) return this.detailReads.items.execute({ invoiceId });
    return itemsQuery(db, invoiceId);
  }

  transactionsOf(invoiceId: number): Promise<TransactionRow[]> {
    return this.detailReads.transactions.execute({ invoiceId });
  }

  /** The invoice page's reads, prepared on first use: the page and the pay dialogs load it often. */
  private get detailReads() {
    return (this.preparedDetailReads ??= prepareDetailReads(this.db));
  }

  /** Sets the credit applied to an invoice, and its total with it (total = subtotal + tax - credit). */
  async setCredit(tx: Tx, invoice: InvoiceRow, creditCents: number): Promise<InvoiceRow> {
    const [row] = await tx
      .update(invoices)
      .set({ creditCents, totalCents: invoice.subtotalCents + invoice.taxCents - creditCents })
      .where(eq(invoices.id, invoice.id))
      .returning();
    return row!;
  }

  /** What the account's unpaid Add Funds invoices would add to its credit once paid. */
  async unpaidDepositsCents(tx: Tx, accountId: number): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${invoiceItems.amountCents}), 0)::int` })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(and(eq(invoices.userId, accountId), isUnpaid, eq(invoiceItems.type, 'AddFunds')));
    return row?.cents ?? 0;
  }

  /**
   * Writes an invoice with its lines: the subtotal and total are the sum of the lines (no tax, no
   * credit yet), so an invoice's amounts always agree with what it lists.
   */
  async create(
    tx: Tx,
    invoice: {
      userId: number;
      date: string;
      dueDate: string;
      status: 'Unpaid' | 'Cancelled';
      paymentMethod: string;
      items: Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId'>[];
    },
  ): Promise<InvoiceRow> {
    const { items, ...values } = invoice;
    const subtotalCents = items.reduce((sum, item) => sum + item.amountCents, 0);
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, subtotalCents, totalCents: subtotalCents })
      .returning();
    if (items.length > 0) {
      await tx.insert(invoiceItems).values(items.map((item) => ({ ...item, invoiceId: row!.id })));
    }
    return row!;
  }

  /** An Unpaid invoice of one Add Funds line, due on its own date. */
  createDeposit(
    tx: Tx,
    deposit: {
      userId: number;
      amountCents: number;
      paymentMethod: string;
      date: string;
      description: string;
    },
  ): Promise<InvoiceRow> {
    return this.create(tx, {
      userId: deposit.userId,
      date: deposit.date,
      dueDate: deposit.date,
      status: 'Unpaid',
      paymentMethod: deposit.paymentMethod,
      items: [{ type: 'AddFunds', description: deposit.description, amountCents: deposit.amountCents }],
    });
  }
}

/** The account's invoices that pass `filter`; the account and today may be placeholders. */
function matchingIn(
  db: DbOrTx,
  accountId: number | Placeholder,
  filter: InvoiceFilter,
  today: string | Placeholder,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(invoices.userId, accountId)];
  if (filter.serviceId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: invoiceItems.id })
          .from(invoiceItems)
          .where(and(eq(invoiceItems.invoiceId, invoices.id), eq(invoiceItems.serviceId, filter.serviceId))),
      ),
    );
  }
  if (filter.statuses) conditions.push(shownWith(filter.statuses, today));
  if (filter.idPrefix !== undefined) {
    const ranges = idRangesStartingWith(filter.idPrefix).map(([from, to]) => between(invoices.id, from, to));
    conditions.push(ranges.length > 0 ? or(...ranges) : sql`false`);
  }
  return and(...conditions);
}

/** A list without a service or a number search: the shapes worth a prepared statement. */
const isHot = (filter: InvoiceFilter) => filter.serviceId === undefined && filter.idPrefix === undefined;

/** Invoices shown with one of `statuses`: Overdue is stored as Unpaid, told apart by its due date. */
function shownWith(statuses: readonly InvoiceStatus[], today: string | Placeholder): SQL {
  const stored = statuses.filter((status) => status !== 'Overdue' && status !== 'Unpaid');
  const alternatives: (SQL | undefined)[] = [
    stored.length > 0 ? inArray(invoices.status, stored) : undefined,
  ];
  const unpaid = statuses.includes('Unpaid');
  const overdue = statuses.includes('Overdue');
  if (unpaid && overdue) alternatives.push(isUnpaid);
  else if (unpaid) alternatives.push(and(isUnpaid, gte(invoices.dueDate, today)));
  else if (overdue) alternatives.push(and(isUnpaid, lt(invoices.dueDate, today)));
  const present = alternatives.filter((condition): condition is SQL => condition !== undefined);
  // No status at all matches nothing.
  return present.length > 0 ? sql`(${sql.join(present, sql` or `)})` : sql`false`;
}

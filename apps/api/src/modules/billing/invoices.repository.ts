import type { InvoiceStatus } from '@rackdesk/contract';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  exists,
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
import { idRangesStartingWith } from './invoice-search.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
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

export interface InvoicePage {
  offset: number;
  limit: number;
}

const newestFirst = [desc(invoices.date), desc(invoices.id)];

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
  /** The list page without filters, the one every visit of /invoices asks for. */
  private readonly plainPage;

  constructor(private readonly db: Db) {
    this.plainPage = db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, sql.placeholder('userId')))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('invoices_plain_page');
  }

  /** An account's invoices that pass `filter`, newest first: all of them, or one page. */
  list(accountId: number, filter: InvoiceFilter, page?: InvoicePage): Promise<InvoiceRow[]> {
    if (page && isPlain(filter)) return this.plainPage.execute({ userId: accountId, ...page });
    const query = this.db
      .select()
      .from(invoices)
      .where(this.matching(accountId, filter))
      .orderBy(...newestFirst);
    return page ? query.limit(page.limit).offset(page.offset) : query;
  }

  async countMatching(accountId: number, filter: InvoiceFilter): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(invoices)
      .where(this.matching(accountId, filter));
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
      .where(
        and(eq(invoices.userId, accountId), eq(invoices.status, 'Unpaid'), eq(invoiceItems.type, 'AddFunds')),
      );
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

  private matching(accountId: number, filter: InvoiceFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(invoices.userId, accountId)];
    if (filter.serviceId !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: invoiceItems.id })
            .from(invoiceItems)
            .where(
              and(eq(invoiceItems.invoiceId, invoices.id), eq(invoiceItems.serviceId, filter.serviceId)),
            ),
        ),
      );
    }
    if (filter.statuses) conditions.push(shownWith(filter.statuses, filter.today));
    if (filter.idPrefix !== undefined) {
      const ranges = idRangesStartingWith(filter.idPrefix).map(([from, to]) =>
        between(invoices.id, from, to),
      );
      conditions.push(ranges.length > 0 ? or(...ranges) : sql`false`);
    }
    return and(...conditions);
  }
}

const isPlain = (filter: InvoiceFilter) =>
  filter.serviceId === undefined && filter.statuses === undefined && filter.idPrefix === undefined;

/** Invoices shown with one of `statuses`: Overdue is stored as Unpaid, told apart by its due date. */
function shownWith(statuses: readonly InvoiceStatus[], today: string): SQL {
  const stored = statuses.filter((status) => status !== 'Overdue' && status !== 'Unpaid');
  const alternatives: (SQL | undefined)[] = [
    stored.length > 0 ? inArray(invoices.status, stored) : undefined,
  ];
  const unpaid = statuses.includes('Unpaid');
  const overdue = statuses.includes('Overdue');
  if (unpaid && overdue) alternatives.push(eq(invoices.status, 'Unpaid'));
  else if (unpaid) alternatives.push(and(eq(invoices.status, 'Unpaid'), gte(invoices.dueDate, today)));
  else if (overdue) alternatives.push(and(eq(invoices.status, 'Unpaid'), lt(invoices.dueDate, today)));
  const present = alternatives.filter((condition): condition is SQL => condition !== undefined);
  // No status at all matches nothing.
  return present.length > 0 ? sql`(${sql.join(present, sql` or `)})` : sql`false`;
}

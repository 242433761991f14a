import type { SortOrder } from '@rackdesk/contract';
import type { CursorDirection } from './list-cursor.ts';
import { explainable, keysetValues, type PageRequest, PreparedShapes } from './keyset.ts';

/**
 * A list read through prepared statements, one per shape: what changes a statement's text (the
 * sort, order, direction, whether a cursor, a page or each filter is present) is its shape, and
 * every value is a placeholder, so PostgreSQL plans each shape once per connection.
 */

/** The shape of one list statement. */
export interface ListShape<C extends string, F> {
  sort: C | undefined;
  order: SortOrder;
  direction: CursorDirection;
  cursor: boolean;
  paged: boolean;
  /** Which filters are set (their values are placeholders). */
  filters: F;
}

export interface ListRequest<C extends string, Filter> {
  filter: Filter;
  sort: C | undefined;
  order: SortOrder;
  /** One page, or null for the whole list. */
  page: PageRequest | null;
}

interface Statement {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/** What a list is: its statements, and how a filter becomes their shape and their values. */
export interface ListDefinition<C extends string, Filter, F> {
  name: string;
  statement(shape: ListShape<C, F>): Statement;
  count(filters: F): Statement;
  filterShape(filter: Filter): F;
  filterValues(filter: Filter): Record<string, unknown>;
}

export class KeysetList<C extends string, Filter, F, Row> {
  private readonly lists: PreparedShapes<ReturnType<Statement['prepare']>>;
  private readonly counts: PreparedShapes<ReturnType<Statement['prepare']>>;

  constructor(private readonly definition: ListDefinition<C, Filter, F>) {
    this.lists = new PreparedShapes(`${definition.name}_list`);
    this.counts = new PreparedShapes(`${definition.name}_count`);
  }

  private shapeOf({ filter, sort, order, page }: ListRequest<C, Filter>): ListShape<C, F> {
    return {
      sort,
      order,
      direction: page?.cursor?.direction ?? 'next',
      cursor: Boolean(page?.cursor),
      paged: page !== null,
      filters: this.definition.filterShape(filter),
    };
  }

  private valuesOf(request: ListRequest<C, Filter>) {
    return {
      ...this.definition.filterValues(request.filter),
      ...(request.page ? keysetValues(request.page) : {}),
    };
  }

  /** The rows of a request: a page holds one row more than asked for when another page follows. */
  async rows(request: ListRequest<C, Filter>): Promise<Row[]> {
    const shape = this.shapeOf(request);
    const statement = this.lists.get([shape], (name) => this.definition.statement(shape).prepare(name));
    return (await statement.execute(this.valuesOf(request))) as Row[];
  }

  async count(filter: Filter): Promise<number> {
    const filters = this.definition.filterShape(filter);
    const statement = this.counts.get([filters], (name) => this.definition.count(filters).prepare(name));
    const [row] = (await statement.execute(this.definition.filterValues(filter))) as { total: number }[];
    return row?.total ?? 0;
  }

  /** The SQL and parameters of a request, for `EXPLAIN` of exactly the statement the API runs. */
  sql(request: ListRequest<C, Filter>): { sql: string; params: unknown[] } {
    return explainable(this.definition.statement(this.shapeOf(request)), this.valuesOf(request));
  }
}

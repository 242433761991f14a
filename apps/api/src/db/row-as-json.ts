import { getTableColumns, type InferSelectModel, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A whole row of `table` (or of an alias of it) as one JSON value, mapped back to the table's row
 * type by each column's own mapping. The drivers parse a wide row field by field (dates, JSON),
 * which on the hot reads costs more than the query itself; one JSON value is parsed at once. Null
 * when the row is absent (the unmatched side of a left join).
 */
export function rowAsJson<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return sql`row_to_json(${table})`.mapWith((value: unknown): InferSelectModel<T> | null => {
    if (value === null || value === undefined) return null;
    const json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const field = json[column.name];
      row[key] = field === null || field === undefined ? null : column.mapFromDriverValue(field);
    }
    return row as InferSelectModel<T>;
  });
}

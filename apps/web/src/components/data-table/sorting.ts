/** How a column sorts (servers spec §5, table search and sorting). */
export type SortKind = 'string' | 'number' | 'date';

export const NO_DATE = '0000-00-00';

/**
 * The value a column sorts by. Dates of the form 0000-00-00 become undefined, which the table
 * keeps last in either direction.
 */
export function sortValue(kind: SortKind, raw: unknown): string | number | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (kind === 'number') {
    const n = typeof raw === 'number' ? raw : Number.parseFloat(String(raw));
    return Number.isNaN(n) ? undefined : n;
  }
  if (kind === 'date') {
    const text = String(raw);
    return text === '' || text.startsWith(NO_DATE) ? undefined : text;
  }
  return String(raw).toLowerCase();
}

/** Case-insensitive substring search across the configured fields of a row. */
export function matchesSearch<T>(row: T, fields: ((row: T) => unknown)[], query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) =>
    String(field(row) ?? '')
      .toLowerCase()
      .includes(needle),
  );
}

/** The footer text: 'Showing X - Y of Z items' or 'No items found'. */
export function showingText(pageIndex: number, pageSize: number, total: number): string {
  if (total === 0) return 'No items found';
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return `Showing ${first} - ${last} of ${total} items`;
}

/** A date for display: 0000-00-00 is N/A. */
export function displayDate(value: string): string {
  return value === '' || value.startsWith(NO_DATE) ? 'N/A' : value;
}

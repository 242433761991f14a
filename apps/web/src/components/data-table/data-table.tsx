// The page-size select draws its chevron with the combobox styles.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Table, Text, UnstyledButton } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@rackdesk/contract';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { matchesSearch, showingText, type SortKind, sortValue } from './sorting.ts';

export interface DataColumn<T> {
  id: string;
  header: string;
  /** The value the column sorts by; omit for a column that does not sort. */
  sortBy?: { kind: SortKind; value: (row: T) => unknown };
  cell: (row: T) => React.ReactNode;
}

export interface PageState {
  pageIndex: number;
  pageSize: number;
}

/** A list the server pages and searches: the table shows the page it is given and asks for others. */
export interface ServerPage extends PageState {
  /** How many rows match on the server, on every page. */
  total: number;
  onChange: (page: PageState) => void;
  /** The column the server sorts by (none: its default order), when it sorts by the table's columns. */
  sort?: ColumnSort | null;
  onSortChange?: (sort: ColumnSort | null) => void;
}

/** A column and its direction. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

interface DataTableProps<T> {
  data: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Fields the search box looks in (a list the browser holds whole). */
  searchFields?: ((row: T) => unknown)[];
  search?: string;
  /** Shown when there are no rows at all, and when the search matches none. */
  emptyText: string;
  noMatchText: string;
  caption: string;
  /** The 'Show: N per page' choices and the one a table starts with. */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Opens a row when it is clicked anywhere; keep a link in a cell for keyboard users. */
  onRowClick?: (row: T) => void;
  /** Set when `data` is one page of a server-side list; its order is the server's. */
  serverPage?: ServerPage;
  /** The column the table is sorted by until the user picks another (newest tickets first, say). */
  initialSort?: { id: string; desc: boolean };
}

const noFields: never[] = [];

/**
 * The one table of the app: search across configured fields, sorting by string, number or date
 * (0000-00-00 last), paging with 'Show: N per page' (servers spec §2, §5, §9).
 */
export function DataTable<T>({
  data,
  columns,
  rowKey,
  searchFields = noFields,
  search = '',
  emptyText,
  noMatchText,
  caption,
  pageSizes = PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  onRowClick,
  serverPage,
  initialSort,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const [localPage, setLocalPage] = useState<PageState>({ pageIndex: 0, pageSize: defaultPageSize });
  const pagination: PageState = serverPage
    ? { pageIndex: serverPage.pageIndex, pageSize: serverPage.pageSize }
    : localPage;
  const setPagination = serverPage?.onChange ?? setLocalPage;
  const serverPaged = serverPage !== undefined;
  // A server-paged list sorts on the server when it says how; a page alone is never re-sorted here.
  const serverSorted = serverPage?.onSortChange !== undefined;
  const sortingState: SortingState = serverSorted ? (serverPage?.sort ? [serverPage.sort] : []) : sorting;
  const setSortingState = (update: SortingState) =>
    serverSorted ? serverPage!.onSortChange!(update[0] ?? null) : setSorting(update);
  const rows = useMemo(
    () => data.filter((row) => matchesSearch(row, searchFields, search)),
    [data, searchFields, search],
  );
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    setLocalPage((p) => ({ ...p, pageIndex: 0 }));
  }

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        // Sorting one page of a server's list would misorder the list: the server's order stands.
        enableSorting: Boolean(column.sortBy) && (!serverPaged || serverSorted),
        sortUndefined: 'last',
        accessorFn: column.sortBy
          ? (row: T) => sortValue(column.sortBy!.kind, column.sortBy!.value(row))
          : () => undefined,
        cell: (context) => column.cell(context.row.original),
      })),
    [columns, serverPaged, serverSorted],
  );

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    state: { sorting: sortingState, pagination },
    onSortingChange: (update) =>
      setSortingState(typeof update === 'function' ? update(sortingState) : update),
    onPaginationChange: (update) => setPagination(typeof update === 'function' ? update(pagination) : update),
    getRowId: (row) => String(rowKey(row)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(serverPage
      ? { manualPagination: true, manualSorting: true, rowCount: serverPage.total }
      : { getPaginationRowModel: getPaginationRowModel() }),
  });

  const total = serverPage ? serverPage.total : rows.length;
  return (
    <div>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover>
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {caption}
          </caption>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {String(header.column.columnDef.header)}
                            {sorted === 'asc' ? (
                              <IconSortAscending size={14} aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <IconSortDescending size={14} aria-hidden="true" />
                            ) : (
                              <IconArrowsSort size={14} aria-hidden="true" />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        String(header.column.columnDef.header)
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Below the table, not in a row of it: a row is as wide as the table and would centre the
          text out of sight on a narrow screen, where the table scrolls in its own box. */}
      {total === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {data.length === 0 ? emptyText : noMatchText}
        </Text>
      ) : null}
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" aria-live="polite">
          {showingText(pagination.pageIndex, pagination.pageSize, total)}
        </Text>
        <Group gap="sm">
          <NativeSelect
            aria-label="Items per page"
            size="xs"
            value={String(pagination.pageSize)}
            onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.currentTarget.value) })}
            data={pageSizes.map((size) => ({ value: String(size), label: `Show: ${size} per page` }))}
          />
          <Button
            size="xs"
            variant="default"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            Next
          </Button>
        </Group>
      </Group>
    </div>
  );
}

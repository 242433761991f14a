import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, LIST_SEARCH_MAX } from '@rackdesk/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnSort } from '../../../components/data-table/data-table.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { LIST_SEARCH_DEBOUNCE_MS, useCursorPaging } from '../../../lib/cursor-paging.ts';
import { useTicketPage } from '../api/get-tickets.ts';
import { TicketListText, ticketListView } from '../utils/ticket-list.ts';
import { TicketsTable } from './tickets-table.tsx';

/** The search box and the ticket table, or the loader, or the failure with a way to try again. */
export function TicketList() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  // Newest update first until the user picks another column.
  const [sort, setSort] = useState<ColumnSort | null>({ id: 'lastupdate', desc: true });
  // The server searches, sorts and pages; any change of those starts on the first page.
  const { page, change } = useCursorPaging(DEFAULT_PAGE_SIZE, JSON.stringify([debouncedSearch, sort]));
  const query = useTicketPage({ search: debouncedSearch, sort, page });
  const view = ticketListView(query);

  return (
    <Stack gap="lg">
      <TextInput
        aria-label="Search tickets by subject"
        placeholder="Search by subject"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        maxLength={LIST_SEARCH_MAX}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      {view.kind === 'loading' ? (
        <PageLoader />
      ) : view.kind === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            {view.message}
            <Button
              size="xs"
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <TicketsTable
          tickets={view.tickets.tickets.tickets.ticket}
          page={{
            ...page,
            total: view.tickets.tickets.totalresults,
            onChange: (requested) => change(requested, view.tickets),
            sort,
            onSortChange: setSort,
          }}
          emptyText={debouncedSearch === '' ? TicketListText.empty : TicketListText.noMatch}
        />
      )}
    </Stack>
  );
}

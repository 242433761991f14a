import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTickets } from '../api/get-tickets.ts';
import { ticketListView } from '../utils/ticket-list.ts';
import { TicketsTable } from './tickets-table.tsx';

/** The search box and the ticket table, or the loader, or the failure with a way to try again. */
export function TicketList() {
  const query = useTickets();
  const [search, setSearch] = useState('');
  const view = ticketListView(query);

  return (
    <Stack gap="lg">
      <TextInput
        aria-label="Search tickets by subject"
        placeholder="Search by subject"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        maxLength={255}
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
        <TicketsTable tickets={view.tickets} search={search} />
      )}
    </Stack>
  );
}

import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_INVOICE_PAGE_SIZE } from '@rackdesk/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { LIST_SEARCH_DEBOUNCE_MS, useCursorPaging } from '../../../lib/cursor-paging.ts';
import { paths } from '../../../lib/paths.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useInvoicePage } from '../api/get-invoices.ts';
import { InvoicesTable } from './invoices-table.tsx';

/**
 * The account's invoices, or those of one service (portal spec §2 Invoices), paged and searched
 * by the server so that an account with thousands of invoices loads one page.
 */
export function InvoiceList({ serviceId }: { serviceId: string | undefined }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  // A new search, or another service's invoices, starts on the first page.
  const { page, change } = useCursorPaging(
    DEFAULT_INVOICE_PAGE_SIZE,
    JSON.stringify([serviceId ?? null, debouncedSearch]),
  );
  const query = useInvoicePage({ serviceId, search: debouncedSearch, page });
  useFailureToast(query, 'Unable to get invoices!');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <TextInput
          aria-label="Search invoices"
          placeholder="Search by invoice # or status"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          maxLength={64}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {serviceId === undefined ? null : (
          <Text size="sm">
            Invoices of service #{serviceId} ·{' '}
            <Anchor component={Link} to={paths.invoices}>
              Show all invoices
            </Anchor>
          </Text>
        )}
      </Group>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError && !query.data ? (
        <ErrorPanel context="We could not load your invoices." onRetry={() => void query.refetch()} />
      ) : (
        <InvoicesTable
          invoices={query.data.invoices.invoice}
          page={{
            ...page,
            total: query.data.totalresults,
            onChange: (requested) => change(requested, query.data),
          }}
          emptyText={
            debouncedSearch !== ''
              ? 'No invoices match your search criteria.'
              : serviceId === undefined
                ? 'You have no invoices.'
                : 'This service has no invoices.'
          }
        />
      )}
    </Stack>
  );
}

import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Tooltip.css';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, LIST_SEARCH_MAX } from '@rackdesk/contract';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnSort } from '../../components/data-table/data-table.tsx';
import { Link } from '../../lib/routing.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ServicesTable } from '../../features/services/components/services-table.tsx';
import { Can } from '../../lib/permissions.tsx';
import { paths } from '../../lib/paths.ts';
import { LIST_SEARCH_DEBOUNCE_MS, useCursorPaging } from '../../lib/cursor-paging.ts';
import { useServicePage } from '../../features/services/api/get-service-page.ts';

export function ServicesRoute() {
  useDocumentTitle('My Services · Rackdesk');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const [showAll, setShowAll] = useState(false);
  const [sort, setSort] = useState<ColumnSort | null>(null);
  // The server filters, searches, sorts and pages; any change of those starts on the first page.
  const { page, change } = useCursorPaging(
    DEFAULT_PAGE_SIZE,
    JSON.stringify([debouncedSearch, showAll, sort]),
  );
  const query = useServicePage({ search: debouncedSearch, showAll, sort, page });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>My Services</Title>
        <Can permission="order">
          <Button component={Link} to={paths.order}>
            Order New Service
          </Button>
        </Can>
      </Group>
      <Group justify="space-between" align="center">
        <TextInput
          aria-label="Search services"
          placeholder="Search"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          maxLength={LIST_SEARCH_MAX}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Checkbox
          label="Show all services (including inactive)"
          checked={showAll}
          onChange={(event) => setShowAll(event.currentTarget.checked)}
        />
      </Group>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          Failed to load services. Please try refreshing the page.
        </Alert>
      ) : (
        <ServicesTable
          services={query.data.products.product}
          page={{
            ...page,
            total: query.data.totalresults,
            onChange: (requested) => change(requested, query.data),
            sort,
            onSortChange: setSort,
          }}
          emptyText={
            debouncedSearch === '' ? 'You have no services.' : 'No services match your search criteria.'
          }
        />
      )}
    </Stack>
  );
}

import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Tooltip.css';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { activeListStatuses } from '@rackdesk/contract';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from '../../lib/routing.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ServicesTable } from '../../features/services/components/services-table.tsx';
import { Can } from '../../lib/permissions.tsx';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/service-list.ts';

export function ServicesRoute() {
  useDocumentTitle('My Services · Rackdesk');
  const query = useServices();
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const visible = useMemo(
    () => (query.data ?? []).filter((s) => showAll || activeListStatuses.includes(s.status)),
    [query.data, showAll],
  );

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
        <ServicesTable services={visible} search={search} />
      )}
    </Stack>
  );
}

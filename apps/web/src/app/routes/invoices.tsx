import '@mantine/core/styles/Badge.css';
import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useInvoices } from '../../features/invoices/api/get-invoices.ts';
import { InvoicesTable } from '../../features/invoices/components/invoices-table.tsx';
import { paths } from '../../lib/paths.ts';
import { useFailureToast } from '../../lib/use-failure-toast.ts';

/** /invoices (portal spec §2 Invoices): every invoice of the account, or of the service `?id=`. */
export function InvoicesRoute() {
  useDocumentTitle('Invoices · Rackdesk');
  const serviceId = useSearchParams()[0].get('id') ?? undefined;
  const query = useInvoices(serviceId);
  useFailureToast(query, 'Unable to get invoices!');
  const [search, setSearch] = useState('');

  return (
    <Stack gap="lg">
      <Title order={1}>Invoices</Title>
      <Group justify="space-between" align="center">
        <TextInput
          aria-label="Search invoices"
          placeholder="Search by invoice # or status"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
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
      ) : query.isError ? (
        <ErrorPanel context="We could not load your invoices." onRetry={() => void query.refetch()} />
      ) : (
        <InvoicesTable
          invoices={query.data}
          search={search}
          emptyText={serviceId === undefined ? 'You have no invoices.' : 'This service has no invoices.'}
        />
      )}
    </Stack>
  );
}

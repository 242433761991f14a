import '@mantine/core/styles/Badge.css';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from '../../lib/routing.tsx';
import { InvoiceList } from '../../features/invoices/components/invoice-list.tsx';

/** /invoices (portal spec §2 Invoices): every invoice of the account, or of the service `?id=`. */
export function InvoicesRoute() {
  useDocumentTitle('Invoices · Rackdesk');
  const serviceId = useSearchParams()[0].get('id') ?? undefined;
  return (
    <Stack gap="lg">
      <Title order={1}>Invoices</Title>
      {/* Another service is another list: it starts on its first page with an empty search. */}
      <InvoiceList key={serviceId ?? ''} serviceId={serviceId} />
    </Stack>
  );
}

import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { cancellableStatuses, type ServiceListItem } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { displayDate } from '../../../components/data-table/sorting.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { paths } from '../../../lib/paths.ts';
import { Can } from '../../../lib/permissions.tsx';
import { CancellationModal } from './cancellation-modal.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** The Billing Info card every service page shows, with Request Cancellation and View Invoices. */
export function BillingInfoCard({ service }: { service: ServiceListItem }) {
  const [cancelOpened, cancelModal] = useDisclosure(false);
  const canCancel = cancellableStatuses.includes(service.status) && !service.cancellation;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-info-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="billing-info-title">
          Billing Info
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="Product">{service.name}</Field>
          <Field label="Created On">{displayDate(service.regdate)}</Field>
          <Field label="Price">${service.recurringamount} USD</Field>
          <Field label="Billing Cycle">{service.billingcycle}</Field>
          <Field label="Next Due Date">{displayDate(service.nextduedate)}</Field>
          <Field label="Status">
            <StatusTag status={service.status} />
          </Field>
        </SimpleGrid>
        <Group gap="sm">
          {canCancel ? (
            <Button color="red" variant="light" onClick={cancelModal.open}>
              Request Cancellation
            </Button>
          ) : null}
          <Can permission="billing">
            <Button component={Link} to={paths.serviceInvoices(service.id)} variant="default">
              View Invoices
            </Button>
          </Can>
        </Group>
      </Stack>
      <CancellationModal
        serviceId={service.id}
        serviceName={service.domain || service.name}
        opened={cancelOpened}
        onClose={cancelModal.close}
      />
    </Card>
  );
}

import { Anchor, Breadcrumbs, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TicketDetail } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { TicketStatusTag } from '../../../components/ticket-status-tag.tsx';
import { formatTicketTime } from '../../../lib/ticket-format.ts';
import { paths } from '../../../lib/paths.ts';
import { RelatedService } from './related-service.tsx';

/** One fact of the ticket, as a term and its description. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

interface TicketHeaderProps {
  ticket: TicketDetail;
  /** Signed-in users get the way back to their ticket list; guests have none. */
  signedIn: boolean;
  actions: ReactNode;
}

/** The ticket's subject, number, status, department, priority, service and opening date. */
export function TicketHeader({ ticket, signedIn, actions }: TicketHeaderProps) {
  return (
    <Stack gap="md">
      {signedIn ? (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs>
            <Anchor component={Link} to={paths.support}>
              Support
            </Anchor>
            <Text aria-current="page">Ticket #{ticket.tid}</Text>
          </Breadcrumbs>
        </nav>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: '1 1 20rem' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">#{ticket.tid}</Text>
            <TicketStatusTag status={ticket.status} />
          </Group>
        </Stack>
        {actions}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Department">{ticket.deptname}</Fact>
        <Fact label="Priority">{ticket.priority}</Fact>
        {ticket.serviceid !== null ? (
          <Fact label="Related Service">
            <RelatedService serviceId={ticket.serviceid} signedIn={signedIn} />
          </Fact>
        ) : null}
        <Fact label="Opened">{formatTicketTime(ticket.date)}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

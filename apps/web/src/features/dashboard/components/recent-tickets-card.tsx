import { Anchor, Button, Text } from '@mantine/core';
import type { TicketSummary } from '@rackdesk/contract';
import { Link } from '../../../lib/routing.tsx';
import { TicketStatusTag } from '../../../components/ticket-status-tag.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatNewYorkTime, truncateSubject } from '../../../lib/ticket-format.ts';
import { SUBJECT_MAX_LENGTH } from '../utils/format.ts';
import { DashboardCard, type DashboardCardState } from './dashboard-card.tsx';
import { DashboardItem } from './dashboard-item.tsx';

function TicketRow({ ticket }: { ticket: TicketSummary }) {
  return (
    <DashboardItem aside={<TicketStatusTag status={ticket.status} />}>
      <Anchor component={Link} to={paths.supportTicket(ticket.tid)} fw={600} title={ticket.subject}>
        {truncateSubject(ticket.subject, SUBJECT_MAX_LENGTH)}
      </Anchor>
      <Text size="sm" c="dimmed">
        #{ticket.tid} · Last reply {formatNewYorkTime(ticket.lastreply)}
      </Text>
    </DashboardItem>
  );
}

export function RecentTicketsCard(props: DashboardCardState<TicketSummary>) {
  return (
    <DashboardCard
      title="Recent Tickets"
      {...props}
      emptyText="No tickets to display."
      itemKey={(ticket) => ticket.id}
      renderItem={(ticket) => <TicketRow ticket={ticket} />}
      actions={
        <>
          <Button component={Link} to={paths.supportNew} size="xs">
            New Ticket
          </Button>
          <Button component={Link} to={paths.support} variant="light" size="xs">
            View All Tickets
          </Button>
        </>
      }
    />
  );
}

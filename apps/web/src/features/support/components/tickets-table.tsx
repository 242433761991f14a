import { Anchor } from '@mantine/core';
import type { TicketSummary } from '@rackdesk/contract';
import { Link, useNavigate } from '../../../lib/routing.tsx';
import { type DataColumn, DataTable, type ServerPage } from '../../../components/data-table/data-table.tsx';
import { TicketStatusTag } from '../../../components/ticket-status-tag.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatTicketTime } from '../../../lib/ticket-format.ts';
import { listSubject } from '../utils/ticket-list.ts';

const columns: DataColumn<TicketSummary>[] = [
  {
    id: 'department',
    header: 'Department',
    sortBy: { kind: 'string', value: (ticket) => ticket.deptname },
    cell: (ticket) => ticket.deptname,
  },
  {
    id: 'subject',
    header: 'Subject',
    sortBy: { kind: 'string', value: (ticket) => ticket.subject },
    cell: (ticket) => (
      // The row opens the ticket on a click; the link is the way in for keyboards and readers.
      <Anchor
        component={Link}
        to={paths.supportTicket(ticket.tid)}
        fw={600}
        title={ticket.subject}
        onClick={(event) => event.stopPropagation()}
      >
        {listSubject(ticket.subject)}
      </Anchor>
    ),
  },
  {
    id: 'lastupdate',
    header: 'Last Update',
    // 'YYYY-MM-DD HH:mm:ss', all in New York time: the text sorts as the times do.
    sortBy: { kind: 'date', value: (ticket) => ticket.lastreply },
    cell: (ticket) => formatTicketTime(ticket.lastreply),
  },
  {
    id: 'status',
    header: 'Status',
    sortBy: { kind: 'string', value: (ticket) => ticket.status },
    cell: (ticket) => <TicketStatusTag status={ticket.status} />,
  },
];

interface TicketsTableProps {
  /** One page of the list, as the server gave it. */
  tickets: TicketSummary[];
  page: ServerPage;
  emptyText: string;
}

/** The account's tickets (portal spec §2 Support): the column ids are the server's sort names. */
export function TicketsTable({ tickets, page, emptyText }: TicketsTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      caption="Support tickets"
      data={tickets}
      columns={columns}
      rowKey={(ticket) => ticket.id}
      emptyText={emptyText}
      noMatchText={emptyText}
      onRowClick={(ticket) => navigate(paths.supportTicket(ticket.tid))}
      serverPage={page}
    />
  );
}

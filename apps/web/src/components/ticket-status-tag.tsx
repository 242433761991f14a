import { Badge } from '@mantine/core';
import { type TicketStatus, ticketStatusColor } from '@rackdesk/contract';

/**
 * The shades of the contract's ticket colours (portal spec §4: Open green, Awaiting Reply yellow,
 * Closed red), dark enough, or with dark text, to keep the tag's text readable (WCAG AA).
 */
const shade: Record<(typeof ticketStatusColor)[TicketStatus], { color: string; c?: string }> = {
  green: { color: '#1e6b30' },
  yellow: { color: 'yellow.4', c: 'black' },
  red: { color: 'red.8' },
};

/** A ticket's status as a coloured tag; shared by the dashboard's card and the support pages. */
export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="filled" {...shade[ticketStatusColor[status]]}>
      {status}
    </Badge>
  );
}

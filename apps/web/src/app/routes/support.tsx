import '@mantine/core/styles/Badge.css';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '../../lib/routing.tsx';
import { NewTicketForm } from '../../features/support/components/new-ticket-form.tsx';
import { TicketList } from '../../features/support/components/ticket-list.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';

/** /support (portal spec §2 Support): the account's tickets and the way to open a new one. */
export function SupportListRoute() {
  useDocumentTitle('Support Tickets · Rackdesk');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Support Tickets</Title>
        <Button
          component={Link}
          to={paths.supportNew}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
        >
          Open New Ticket
        </Button>
      </Group>
      <TicketList />
    </Stack>
  );
}

/**
 * /support/new (portal spec §2 Support): public. A signed-in customer's form or a guest's; a
 * sign-in or sign-out on the way swaps one for the other.
 */
export function SupportNewRoute() {
  useDocumentTitle('Open New Ticket · Rackdesk');
  const isGuest = !useCurrentUser().data;
  return (
    <Stack gap="lg">
      <Title order={1}>Open New Ticket</Title>
      <NewTicketForm key={isGuest ? 'guest' : 'customer'} isGuest={isGuest} />
    </Stack>
  );
}

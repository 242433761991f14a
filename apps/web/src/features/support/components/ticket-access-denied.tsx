import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { SupportText } from '@rackdesk/contract';
import { Link, useLocation } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * 'Not authorized to view this ticket' (portal spec §8): another account's ticket, a guest link
 * with a wrong key (`guestLink`), or no key at all. A guest can sign in (and come back here) or open a ticket
 * of their own; a signed-in user goes back to their tickets.
 */
export function TicketAccessDenied({ signedIn, guestLink }: { signedIn: boolean; guestLink: boolean }) {
  const location = useLocation();
  return (
    <Stack align="center" gap="md" py="xl" component="section" aria-labelledby="ticket-denied-title">
      <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
        403
      </Text>
      <Title order={1} id="ticket-denied-title" ta="center">
        {SupportText.notAuthorized}
      </Title>
      <Text c="dimmed" ta="center" maw={520}>
        {guestLink
          ? 'This link does not open the ticket. Use the whole link from the e-mail we sent about it.'
          : signedIn
            ? 'This ticket belongs to another account.'
            : 'Open the link from the e-mail we sent about this ticket, or log in to see the tickets of your account.'}
      </Text>
      <Group justify="center">
        {signedIn ? (
          <Button component={Link} to={paths.support}>
            Back to Support
          </Button>
        ) : (
          <Button
            component={Link}
            to={paths.login}
            state={{ from: `${location.pathname}${location.search}` }}
          >
            Log In
          </Button>
        )}
        <Button component={Link} to={paths.supportNew} variant="default">
          Open New Ticket
        </Button>
      </Group>
    </Stack>
  );
}

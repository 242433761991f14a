import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { UnverifiedEmailBanner } from '../../features/auth/components/unverified-email-banner.tsx';
import { DueInvoicesCard } from '../../features/dashboard/components/due-invoices-card.tsx';
import { LatestNewsCard } from '../../features/dashboard/components/latest-news-card.tsx';
import { RecentTicketsCard } from '../../features/dashboard/components/recent-tickets-card.tsx';
import { useDashboardReads } from '../../features/dashboard/api/use-dashboard-reads.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { displayIdentity, hasPermission } from '../../lib/user-access.ts';

export function DashboardRoute() {
  useDocumentTitle('Dashboard · Rackdesk');
  const { data: user } = useCurrentUser();
  const shown = { invoices: hasPermission(user, 'billing'), tickets: hasPermission(user, 'support') };
  const reads = useDashboardReads(shown);
  if (!user) return null;
  const { firstName, email } = displayIdentity(user);
  const waiting = !reads.settled;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text size="lg">Welcome back, {firstName || email}</Text>
      </Stack>
      <UnverifiedEmailBanner email={user.email} verified={user.email_verified} />
      {/* The cards fill in together, and as new ones: none moves under the reader's finger. */}
      <SimpleGrid key={waiting ? 'waiting' : 'settled'} cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {shown.invoices ? <DueInvoicesCard query={reads.invoices} waiting={waiting} /> : null}
        {shown.tickets ? <RecentTicketsCard query={reads.tickets} waiting={waiting} /> : null}
        <LatestNewsCard query={reads.news} waiting={waiting} />
      </SimpleGrid>
    </Stack>
  );
}

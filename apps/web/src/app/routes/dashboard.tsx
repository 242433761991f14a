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
import { displayIdentity, useCurrentUser } from '../../lib/auth.ts';
import { Can } from '../../lib/permissions.tsx';

export function DashboardRoute() {
  useDocumentTitle('Dashboard · Rackdesk');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const { firstName, email } = displayIdentity(user);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text size="lg">Welcome back, {firstName || email}</Text>
      </Stack>
      <UnverifiedEmailBanner email={user.email} verified={user.email_verified} />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        <Can permission="billing">
          <DueInvoicesCard />
        </Can>
        <Can permission="support">
          <RecentTicketsCard />
        </Can>
        <LatestNewsCard />
      </SimpleGrid>
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { UnverifiedEmailBanner } from '../../features/auth/components/unverified-email-banner.tsx';
import { displayIdentity, useCurrentUser } from '../../lib/auth.ts';

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
      <Text c="dimmed">Your invoices, tickets and news will appear here soon.</Text>
    </Stack>
  );
}

import { Center, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '../../lib/route-params.ts';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status.tsx';

export function VerifyEmailRoute() {
  useDocumentTitle('Verify Email · Rackdesk');
  const { token } = useParams();
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <VerifyEmailStatus token={token} />
      </Paper>
    </Center>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';

/** Step 4 when the order failed for another reason (portal spec §4): what happened, and a way back. */
export function OrderFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Paper withBorder p="lg" radius="md" role="alert" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          Your order could not be completed
        </Title>
        <Text>{message}</Text>
        <Text size="sm">You can try again, or contact support if it keeps happening.</Text>
        <Group gap="sm">
          <Button onClick={onRetry}>Try Again</Button>
          <Button component={Link} to={paths.supportNew} variant="default">
            Contact Support
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

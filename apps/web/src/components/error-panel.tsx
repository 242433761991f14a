import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../lib/routing.tsx';
import { paths } from '../lib/paths.ts';

interface ErrorPanelProps {
  /** A phrase naming what failed, shown under the heading. */
  context?: string;
  /** Defaults to reloading the page. */
  onRetry?: () => void;
}

/** The generic failure panel: 'Something went wrong', Try Again and a link to support. */
export function ErrorPanel({ context, onRetry }: ErrorPanelProps) {
  return (
    <Paper withBorder p="lg" radius="md" role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          Something went wrong
        </Title>
        {context ? <Text>{context}</Text> : null}
        <Text size="sm">
          If the problem persists,{' '}
          <Anchor component={Link} to={paths.support}>
            contact support
          </Anchor>
          .
        </Text>
        <Button onClick={onRetry ?? (() => window.location.reload())}>Try Again</Button>
      </Stack>
    </Paper>
  );
}

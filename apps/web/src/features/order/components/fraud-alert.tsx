import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { OrderText } from '@rackdesk/contract';
import { IconShieldExclamation } from '@tabler/icons-react';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * Step 4 after the fraud check held the order (portal spec §2 All Done): 'Fraud Alert', the order
 * is held for manual review, a ticket can be opened; the invoices are a click away.
 */
export function FraudAlert() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {OrderText.fraudTitle}
      </Title>
      <Alert color="orange" variant="light" icon={<IconShieldExclamation aria-hidden="true" />} role="alert">
        <Text>{OrderText.fraudHeld}</Text>
      </Alert>
      <Text size="sm">
        Our team reviews held orders quickly. If you would like to tell us more about your order,{' '}
        <Anchor component={Link} to={paths.supportNew}>
          open a ticket
        </Anchor>
        .
      </Text>
      <Group gap="sm">
        <Button component={Link} to={paths.supportNew}>
          Submit Ticket
        </Button>
        <Button component={Link} to={paths.invoices} variant="default">
          View Invoices
        </Button>
      </Group>
    </Stack>
  );
}

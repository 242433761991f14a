import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** A red border: the section changes something that cannot be undone. */
  danger?: boolean;
  children: ReactNode;
}

/**
 * One card of a page (an account tab, an invoice): a region named by its title, so that keyboards
 * and readers can jump to it.
 */
export function SectionCard({ title, description, danger = false, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      style={danger ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId} c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

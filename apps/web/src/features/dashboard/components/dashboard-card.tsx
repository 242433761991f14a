import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** What a card shows: its read, and whether the dashboard still waits for another card's. */
export interface DashboardCardState<T> {
  query: UseQueryResult<T[]>;
  /** Shows the skeleton even once this card's answer is in: the dashboard's cards fill in together. */
  waiting: boolean;
}

interface DashboardCardProps<T> extends DashboardCardState<T> {
  title: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  actions?: ReactNode;
}

/** One dashboard card: loading skeleton, 'Error Component' on failure, the empty text, or the list. */
export function DashboardCard<T>({
  title,
  query,
  emptyText,
  renderItem,
  itemKey,
  actions,
  waiting,
}: DashboardCardProps<T>) {
  const headingId = `dashboard-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {waiting || query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={`Loading ${title}`}>
            <Skeleton height={18} />
            <Skeleton height={18} />
            <Skeleton height={18} width="60%" />
          </Stack>
        ) : query.isError ? (
          <Text c="red.8" role="alert">
            Error Component
          </Text>
        ) : query.data.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {query.data.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </Stack>
        )}
        {actions ? (
          <Group gap="xs" mt="auto">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

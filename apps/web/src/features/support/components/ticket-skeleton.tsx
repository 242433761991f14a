import { Skeleton, Stack } from '@mantine/core';

/** The shape of a ticket page while it loads. */
export function TicketSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the ticket">
      <Skeleton h={32} w="60%" radius="sm" />
      <Skeleton h={18} w="40%" radius="sm" />
      <Skeleton h={120} radius="md" />
      <Skeleton h={120} radius="md" />
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}

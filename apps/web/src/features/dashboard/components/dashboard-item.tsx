import { Group } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

// The text takes the room it needs first; when the tags and buttons no longer fit beside it
// (phone width), they move under it instead of being squeezed or cut off by the card.
const text: CSSProperties = { flex: '1 1 12rem', minWidth: 0 };

/** One line of a dashboard card: what it is on the left, its tags and actions on the right. */
export function DashboardItem({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Group justify="space-between" py={6} gap="sm">
      <div style={text}>{children}</div>
      <Group gap="xs" wrap="nowrap">
        {aside}
      </Group>
    </Group>
  );
}

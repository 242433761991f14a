import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways below `minWidth`: its box takes keyboard focus, so that a table
 * without links or buttons can still be scrolled without a mouse.
 */
export function TableScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}

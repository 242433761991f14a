import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** The cards of a catalogue: one column on phones, up to three on wide screens. */
export function ProductGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

import { Button, Collapse, List, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Product } from '@rackdesk/contract';
import { useId } from 'react';
import { descriptionLines } from '../utils/description-lines.ts';

/** 'View/Hide Specs' (portal spec §2): the product's description lines, folded away at first. */
export function ProductSpecs({ product }: { product: Product }) {
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  const lines = descriptionLines(product.description);
  if (lines.length === 0) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened} aria-controls={id}>
        {opened ? 'Hide Specs' : 'View Specs'}
      </Button>
      <Collapse expanded={opened} id={id}>
        <List size="sm" spacing={2}>
          {lines.map((line, index) => (
            <List.Item key={`${index}-${line}`}>{line}</List.Item>
          ))}
        </List>
      </Collapse>
    </Stack>
  );
}

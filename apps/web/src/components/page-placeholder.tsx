import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  children?: ReactNode;
}

/** A page whose content is still being built: its heading and a short note, never a blank page. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  useDocumentTitle(`${title} · Rackdesk`);
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      {children ?? <Text c="dimmed">This page is coming soon.</Text>}
    </Stack>
  );
}

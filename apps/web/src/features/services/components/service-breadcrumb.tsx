import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** Services > (type) > current, on every service page. */
export function ServiceBreadcrumb({ type, current }: { type?: string; current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs>
        <Anchor component={Link} to={paths.services}>
          Services
        </Anchor>
        {type ? <Text c="dimmed">{type}</Text> : null}
        <Text aria-current="page">{current}</Text>
      </Breadcrumbs>
    </nav>
  );
}

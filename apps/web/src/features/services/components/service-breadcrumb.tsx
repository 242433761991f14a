import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '../../../lib/routing.tsx';
import { ServiceName } from '../../../components/service-name/service-name.tsx';
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
        <Text aria-current="page" miw={0}>
          <ServiceName name={current} />
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

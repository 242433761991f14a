import type { Announcement } from '@rackdesk/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { DashboardCard, type DashboardCardState } from './dashboard-card.tsx';

export function LatestNewsCard(props: DashboardCardState<Announcement>) {
  return (
    <DashboardCard
      title="Latest News"
      {...props}
      emptyText="No news to display."
      itemKey={(item) => item.id}
      renderItem={(item) => (
        <Text py={6}>
          <Anchor component={Link} to={paths.news(item.id)}>
            {item.title}
          </Anchor>
        </Text>
      )}
    />
  );
}

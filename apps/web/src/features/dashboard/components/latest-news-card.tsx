import { Anchor, Text } from '@mantine/core';
import { Link } from '../../../lib/routing.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLatestNews } from '../api/get-latest-news.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function LatestNewsCard() {
  const query = useLatestNews();
  return (
    <DashboardCard
      title="Latest News"
      query={query}
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

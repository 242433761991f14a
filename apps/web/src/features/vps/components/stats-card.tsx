import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';

export interface StatItem {
  label: string;
  value: string;
  /** Share of a limit in use (0 to 100), drawn as a bar when given. */
  percent?: number;
}

const barColor = (percent: number) => (percent >= 90 ? 'red.8' : percent >= 75 ? 'orange.8' : 'blue.8');

/** The stats card of the Server Info tab: each generation passes its own figures, formatted. */
export function StatsCard({ items }: { items: StatItem[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="server-stats-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="server-stats-title">
          Server Stats
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: items.length }} spacing="lg">
          {items.map((item) => (
            <Stack gap={4} key={item.label}>
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text fw={600}>{item.value}</Text>
              {item.percent === undefined ? null : (
                <Progress
                  value={Math.min(100, Math.max(0, item.percent))}
                  color={barColor(item.percent)}
                  aria-label={`${item.label} used`}
                />
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

import { AreaChart } from '@mantine/charts';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { formatBitRate, formatByteRate } from '../../../lib/units.ts';
import { type ChartRange, chartTimeLabel } from '../utils/chart-ranges.ts';
import { thinSeries } from '../utils/thin-series.ts';
import type { UsageSample } from '../../../lib/usage-sample.ts';

interface UsageChartsProps<V extends string> {
  ranges: readonly ChartRange<V>[];
  range: V;
  onRangeChange: (range: V) => void;
  /** The samples of the chosen range, oldest first; long series are thinned here. */
  samples: UsageSample[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

const percent = (value: number) => `${value.toFixed(1)}%`;

/** Network, CPU and Disk I/O charts over a choice of ranges (servers spec §9), for both generations. */
export function UsageCharts<V extends string>(props: UsageChartsProps<V>) {
  const { ranges, range, samples } = props;
  const span = ranges.find((candidate) => candidate.value === range)?.seconds ?? 0;
  const points = useMemo(
    () =>
      thinSeries(samples).map((sample) => ({
        time: chartTimeLabel(sample.time, span),
        in: sample.netInBits,
        out: sample.netOutBits,
        cpu: sample.cpuPercent,
        read: sample.readBytes,
        write: sample.writeBytes,
      })),
    [samples, span],
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="usage-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="usage-title">
            Usage
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Chart range"
            value={range}
            onChange={(value) => props.onRangeChange(value as V)}
            data={ranges.map(({ value, label }) => ({ value, label }))}
          />
        </Group>
        <UsageBody {...props} points={points} />
      </Stack>
    </Card>
  );
}

type Point = { time: string; in: number; out: number; cpu: number; read: number; write: number };

function UsageBody({
  isLoading,
  isError,
  onRetry,
  points,
}: Pick<UsageChartsProps<string>, 'isLoading' | 'isError' | 'onRetry'> & { points: Point[] }) {
  if (isLoading) {
    return (
      <SimpleGrid cols={{ base: 1, lg: 3 }} aria-busy="true" aria-label="Loading usage">
        <Skeleton h={240} />
        <Skeleton h={240} />
        <Skeleton h={240} />
      </SimpleGrid>
    );
  }
  if (isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text>The usage figures could not be loaded.</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    );
  }
  if (points.length < 2) {
    return (
      <Stack gap={4} align="center" py="lg">
        <Text fw={600}>Not Enough Data</Text>
        <Text c="dimmed" size="sm">
          There is not enough information available to display a graph
        </Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      <UsageChart
        title="Network"
        points={points}
        format={(value) => formatBitRate(value)}
        series={[
          { name: 'in', label: 'In', color: 'blue.7' },
          { name: 'out', label: 'Out', color: 'teal.8' },
        ]}
      />
      <UsageChart
        title="CPU"
        points={points}
        format={percent}
        domain={[0, 100]}
        series={[{ name: 'cpu', label: 'CPU', color: 'violet.7' }]}
      />
      <UsageChart
        title="Disk I/O"
        points={points}
        format={(value) => formatByteRate(value)}
        series={[
          { name: 'read', label: 'Read', color: 'orange.8' },
          { name: 'write', label: 'Write', color: 'grape.7' },
        ]}
      />
    </SimpleGrid>
  );
}

interface UsageChartProps {
  title: string;
  points: Point[];
  format: (value: number) => string;
  domain?: [number, number];
  series: { name: keyof Point; label: string; color: string }[];
}

function UsageChart({ title, points, format, domain, series }: UsageChartProps) {
  return (
    <Stack gap="xs" component="figure" m={0} aria-label={`${title} usage chart`}>
      <Text component="figcaption" fw={600} size="sm">
        {title}
      </Text>
      <AreaChart
        h={220}
        data={points}
        dataKey="time"
        series={series}
        curveType="linear"
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={format}
        yAxisProps={{ width: 80, ...(domain ? { domain } : {}) }}
        xAxisProps={{ minTickGap: 24 }}
        fillOpacity={0.15}
      />
    </Stack>
  );
}

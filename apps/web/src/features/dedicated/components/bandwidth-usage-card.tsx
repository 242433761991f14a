import { AreaChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DEFAULT_DEDICATED_BANDWIDTH_RANGE,
  type DedicatedBandwidthRange,
  dedicatedBandwidthRanges,
  type ServiceListItem,
} from '@rackdesk/contract';
import { IconAlertTriangle, IconChartAreaLine } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBitRate, formatNumber } from '../../../lib/units.ts';
import { useBandwidth, useBandwidthSummary } from '../api/bandwidth.ts';
import { bandwidthLimitTb, bandwidthUsage, toBandwidthPoints } from '../utils/bandwidth.ts';

function LoadFailure({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={`The ${what} could not be loaded.`}
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      <Button size="xs" variant="default" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

/** Usage since the start of the month, in GiB and as a share of the 'Bandwidth' allowance. */
function MonthlyUsage({ serviceId, billing }: { serviceId: number; billing: ServiceListItem }) {
  const summary = useBandwidthSummary(serviceId);
  if (summary.isPending) return <Skeleton h={48} aria-label="Loading bandwidth usage" />;
  if (summary.isError) return <LoadFailure what="bandwidth usage" onRetry={() => void summary.refetch()} />;

  const usage = bandwidthUsage(summary.data.total, bandwidthLimitTb(billing.configoptions));
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          <Text span fw={700}>
            {formatNumber(usage.usedGiB)} GiB
          </Text>{' '}
          used since the start of the month
        </Text>
        <Text size="sm" fw={600}>
          {usage.percent === null
            ? 'Unlimited'
            : `${formatNumber(usage.percent)}% of ${formatNumber(usage.limitTb ?? 0)} TB`}
        </Text>
      </Group>
      {usage.percent !== null ? (
        <Progress
          value={Math.min(100, usage.percent)}
          color={usage.percent >= 90 ? 'red.8' : usage.percent >= 75 ? 'orange.8' : 'blue.7'}
          aria-label="Bandwidth used this month"
        />
      ) : null}
    </Stack>
  );
}

function BandwidthChart({ serviceId, range }: { serviceId: number; range: DedicatedBandwidthRange }) {
  const samples = useBandwidth(serviceId, range);
  if (samples.isPending) return <Skeleton h={260} aria-label="Loading bandwidth graph" />;
  if (samples.isError) return <LoadFailure what="bandwidth graph" onRetry={() => void samples.refetch()} />;
  if (samples.data.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconChartAreaLine aria-hidden="true" />}
        title="Not Enough Data"
        description="There is not enough information available to display a graph"
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`Bandwidth in and out over the last ${range}`}
      style={{ opacity: samples.isPlaceholderData ? 0.6 : 1 }}
    >
      <AreaChart
        h={260}
        data={toBandwidthPoints(samples.data, range)}
        dataKey="label"
        series={[
          { name: 'inbound', label: 'Inbound', color: 'blue.6' },
          { name: 'outbound', label: 'Outbound', color: 'teal.6' },
        ]}
        curveType="linear"
        withDots={false}
        withLegend
        valueFormatter={(value) => formatBitRate(value, 1)}
        xAxisProps={{ minTickGap: 32 }}
        yAxisProps={{ width: 80 }}
        accessibilityLayer={false}
      />
    </div>
  );
}

/** Bandwidth Usage (servers spec §9): a graph over 1h, 24h, 14days or 30days and the month's usage. */
export function BandwidthUsageCard({ serviceId, billing }: { serviceId: number; billing: ServiceListItem }) {
  const [range, setRange] = useState<DedicatedBandwidthRange>(DEFAULT_DEDICATED_BANDWIDTH_RANGE);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="bandwidth-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="bandwidth-title">
            Bandwidth Usage
          </Title>
          <SegmentedControl
            aria-label="Bandwidth graph range"
            size="xs"
            value={range}
            onChange={(value) => setRange(value as DedicatedBandwidthRange)}
            data={[...dedicatedBandwidthRanges]}
          />
        </Group>
        <MonthlyUsage serviceId={serviceId} billing={billing} />
        <BandwidthChart serviceId={serviceId} range={range} />
      </Stack>
    </Card>
  );
}

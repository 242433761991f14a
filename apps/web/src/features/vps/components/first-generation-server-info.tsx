import type { VpsDetail } from '@rackdesk/contract';
import { Stack } from '@mantine/core';
import { firstGenerationStats } from '../utils/first-generation-stats.ts';
import { StatsCard } from './stats-card.tsx';
import { FirstGenerationUsageCharts } from './first-generation-usage-charts.tsx';

/** Server Info of a first-generation VPS, above the billing card the route adds. */
export function FirstGenerationServerInfo({ serviceId, vps }: { serviceId: number; vps: VpsDetail }) {
  return (
    <Stack gap="lg">
      <StatsCard items={firstGenerationStats(vps.vm_status)} />
      <FirstGenerationUsageCharts serviceId={serviceId} />
    </Stack>
  );
}

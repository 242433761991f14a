import { Stack } from '@mantine/core';
import type { ServiceListItem, Vps2Detail, Vps2StatsRange } from '@rackdesk/contract';
import { useMemo, useState } from 'react';
import { BillingInfoCard } from '../../../features/services/components/billing-info-card.tsx';
import { StatsCard } from '../../../features/vps/components/stats-card.tsx';
import { UsageCharts } from '../../../features/vps/components/usage-charts.tsx';
import { useVps2Stats } from '../../../features/vps2/api/stats.ts';
import { DEFAULT_VPS2_CHART_RANGE, vps2ChartRanges } from '../../../features/vps2/utils/vps2-chart-ranges.ts';
import { samplesFromVps2Stats } from '../../../features/vps2/utils/vps2-samples.ts';
import { vps2Stats } from '../../../features/vps2/utils/vps2-stats.ts';

interface Vps2ServerInfoTabProps {
  serviceId: number;
  vps: Vps2Detail;
  billing: ServiceListItem;
}

/** Server Info: the stats card, the usage charts (refreshed every 60 s) and the billing card. */
export function Vps2ServerInfoTab({ serviceId, vps, billing }: Vps2ServerInfoTabProps) {
  return (
    <Stack gap="lg">
      <StatsCard items={vps2Stats(vps)} />
      <Vps2UsageCharts serviceId={serviceId} />
      <BillingInfoCard service={billing} />
    </Stack>
  );
}

function Vps2UsageCharts({ serviceId }: { serviceId: number }) {
  const [range, setRange] = useState<Vps2StatsRange>(DEFAULT_VPS2_CHART_RANGE);
  const stats = useVps2Stats(serviceId, range);
  const samples = useMemo(() => samplesFromVps2Stats(stats.data ?? []), [stats.data]);
  return (
    <UsageCharts
      ranges={vps2ChartRanges}
      range={range}
      onRangeChange={setRange}
      samples={samples}
      isLoading={stats.isPending}
      isError={stats.isError}
      onRetry={() => void stats.refetch()}
    />
  );
}

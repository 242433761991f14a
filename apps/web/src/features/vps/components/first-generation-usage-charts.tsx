import { useMemo, useState } from 'react';
import { useVpsStats } from '../api/stats.ts';
import {
  DEFAULT_FIRST_GENERATION_RANGE,
  type FirstGenerationChartRange,
  firstGenerationChartRanges,
  monthsForRange,
  statsMonth,
} from '../utils/chart-ranges.ts';
import { samplesFromStatRows, samplesSince } from '../utils/usage-samples.ts';
import { UsageCharts } from './usage-charts.tsx';

/** The usage charts of a first-generation VPS, from its previous and current month's rows. */
export function FirstGenerationUsageCharts({ serviceId }: { serviceId: number }) {
  const [range, setRange] = useState<FirstGenerationChartRange>(DEFAULT_FIRST_GENERATION_RANGE);
  const seconds = firstGenerationChartRanges.find((candidate) => candidate.value === range)!.seconds;
  const now = Date.now();
  const months = monthsForRange(now, seconds);
  const stats = useVpsStats(serviceId, months, statsMonth(now));
  const samples = useMemo(
    () => samplesSince(samplesFromStatRows(stats.rows), Math.floor(Date.now() / 1000) - seconds),
    [stats.rows, seconds],
  );

  return (
    <UsageCharts
      ranges={firstGenerationChartRanges}
      range={range}
      onRangeChange={setRange}
      samples={samples}
      isLoading={stats.isPending}
      isError={stats.isError}
      onRetry={() => void stats.refetch()}
    />
  );
}

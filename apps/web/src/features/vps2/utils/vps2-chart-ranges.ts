import type { Vps2StatsRange } from '@rackdesk/contract';

const HOUR = 3_600;
const DAY = 24 * HOUR;

/**
 * VPS v2 chart ranges (servers spec §9: 1 hour, 24 hours, 7 days, 1 month; 6 hours is for the
 * first generation only), as the stats call names them, with how far back each reaches.
 */
export const vps2ChartRanges = [
  { value: 'hour', label: '1 Hour', seconds: HOUR },
  { value: 'day', label: '24 Hours', seconds: DAY },
  { value: 'week', label: '7 Days', seconds: 7 * DAY },
  { value: 'month', label: '1 Month', seconds: 30 * DAY },
] as const satisfies readonly { value: Vps2StatsRange; label: string; seconds: number }[];

export const DEFAULT_VPS2_CHART_RANGE: Vps2StatsRange = 'day';

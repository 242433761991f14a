/** A range of the usage charts: what the switch shows and how far back it reaches. */
export interface ChartRange<V extends string = string> {
  value: V;
  label: string;
  seconds: number;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;

/** First-generation ranges (servers spec §9); 6 hours exists only for this generation. */
export const firstGenerationChartRanges = [
  { value: '1h', label: '1 Hour', seconds: HOUR },
  { value: '6h', label: '6 Hours', seconds: 6 * HOUR },
  { value: '24h', label: '24 Hours', seconds: DAY },
  { value: '7d', label: '7 Days', seconds: 7 * DAY },
  { value: '1m', label: '1 Month', seconds: 30 * DAY },
] as const satisfies readonly ChartRange[];
export type FirstGenerationChartRange = (typeof firstGenerationChartRanges)[number]['value'];
export const DEFAULT_FIRST_GENERATION_RANGE: FirstGenerationChartRange = '24h';

/** The stats month (YYYYMM, UTC as the platform counts them) of an instant. */
export function statsMonth(instantMs: number): string {
  const date = new Date(instantMs);
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The stats months a range needs, oldest first: the current month, and the previous one when the
 * range starts before the current month began (servers spec §9: previous and current month).
 */
export function monthsForRange(nowMs: number, rangeSeconds: number): string[] {
  const now = new Date(nowMs);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const current = statsMonth(nowMs);
  if (nowMs - rangeSeconds * 1000 >= monthStart) return [current];
  return [statsMonth(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), current];
}

const clockTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** How a chart labels a point: the time of day within a day, the date over longer spans. */
export function chartTimeLabel(epochSeconds: number, spanSeconds: number): string {
  const format = spanSeconds <= DAY ? clockTime : spanSeconds <= 7 * DAY ? dayAndTime : day;
  return format.format(new Date(epochSeconds * 1000));
}

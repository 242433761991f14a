/** A series this long or longer is thinned before it is drawn (servers spec §9). */
export const THIN_FROM_POINTS = 400;
/** About how many points a thinned series keeps. */
export const THIN_DIVISIONS = 30;

/**
 * Keeps every n-th point of a long series so that about `divisions` remain, plus the last one so
 * the chart still reaches the newest sample. Shorter series are returned as they are.
 */
export function thinSeries<T>(
  points: readonly T[],
  divisions: number = THIN_DIVISIONS,
  threshold: number = THIN_FROM_POINTS,
): T[] {
  if (points.length < threshold) return [...points];
  const step = Math.ceil(points.length / divisions);
  const kept = points.filter((_, index) => index % step === 0);
  const last = points.at(-1)!;
  if (kept.at(-1) !== last) kept.push(last);
  return kept;
}

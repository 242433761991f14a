const SECONDS_PER_DAY = 86_400;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 190_389 → '2 days 04:53:09': whole days, then hours, minutes and seconds (servers spec §2). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  const rest = seconds % SECONDS_PER_DAY;
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map(twoDigits).join(':');
  return `${days} ${days === 1 ? 'day' : 'days'} ${clock}`;
}

/**
 * What 'Next Backup In' shows at `nowMs` for the next automatic run (epoch seconds): the time left,
 * or null once the run is due or past ('Backup is underway...').
 */
export function backupCountdown(nextRunSeconds: number, nowMs: number): string | null {
  const left = Math.floor(nextRunSeconds - nowMs / 1000);
  return left > 0 ? formatCountdown(left) : null;
}

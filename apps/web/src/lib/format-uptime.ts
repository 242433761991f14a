const UNITS = [
  { seconds: 86_400, name: 'day' },
  { seconds: 3_600, name: 'hour' },
  { seconds: 60, name: 'minute' },
] as const;

/**
 * Uptime in the largest whole unit that fits (servers spec §9: seconds, minutes, hours or days):
 * 45 → '45 seconds', 5400 → '1 hour', 200000 → '2 days'.
 */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const unit = UNITS.find((candidate) => seconds >= candidate.seconds);
  const [count, name] = unit ? [Math.floor(seconds / unit.seconds), unit.name] : [seconds, 'second'];
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

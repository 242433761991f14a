import { Text } from '@mantine/core';
import { VPS2_POLL_MS } from '@rackdesk/contract';
import { useEffect, useState } from 'react';
import { backupCountdown } from '../utils/backup-countdown.ts';

/** The current time, updated every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The time left until the next automatic backup, in days plus hh:mm:ss, updated every second;
 * 'Backup is underway...' once it is due (servers spec §2). Only this re-renders every second.
 */
export function BackupCountdown({ nextRun }: { nextRun: number }) {
  const now = useNow(VPS2_POLL_MS.backupCountdown);
  const left = backupCountdown(nextRun, now);
  if (left === null) return <Text fw={600}>Backup is underway...</Text>;
  return (
    <Text fw={600} ff="monospace" data-testid="backup-countdown">
      {left}
    </Text>
  );
}

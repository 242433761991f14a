import { Badge } from '@mantine/core';
import type { ServiceStatus } from '@rackdesk/contract';

/**
 * Service status tags (servers spec §4): Active green, Cancelled light, Fraud black, Suspended
 * yellow, Terminated red, Pending blue; shades chosen to keep the text readable.
 */
const tag: Record<ServiceStatus, { color: string; c?: string }> = {
  Active: { color: '#1e6b30' },
  Cancelled: { color: 'gray.2', c: 'dark.7' },
  Fraud: { color: 'black' },
  Suspended: { color: 'yellow.4', c: 'black' },
  Terminated: { color: 'red.8' },
  Pending: { color: 'blue.8' },
};

export function StatusTag({ status }: { status: ServiceStatus }) {
  return (
    <Badge variant="filled" {...tag[status]}>
      {status}
    </Badge>
  );
}

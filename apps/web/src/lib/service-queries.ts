import { isServiceEventData } from '@rackdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToEvents } from './event-stream.ts';

/**
 * Every query about one service starts with this key, so that a live event about the service
 * refreshes all of them at once: billing detail, server detail, power, rebuild, backups…
 */
export const serviceQueryKey = (serviceId: number) => ['service', serviceId] as const;
export const serviceListQueryKey = ['services'] as const;

/**
 * Refreshes what is on screen when the server reports a change to a service (power settled,
 * rebuild moved on, backup finished), instead of waiting for the next poll.
 */
export function useLiveServiceUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents((event) => {
      if (!isServiceEventData(event.data)) return;
      void queryClient.invalidateQueries({ queryKey: serviceQueryKey(event.data.serviceId) });
      void queryClient.invalidateQueries({ queryKey: serviceListQueryKey });
    });
  }, [enabled, queryClient]);
}

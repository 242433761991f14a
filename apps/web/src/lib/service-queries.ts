import { EventName, isServiceEventData } from '@rackdesk/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type StreamEvent, subscribeToEvents } from './event-stream.ts';
import { invoiceListsKey } from './invoice-list-key.ts';

/**
 * Every query about one service starts with this key, so that a live event about the service
 * refreshes all of them at once: billing detail, server detail, power, rebuild, backups…
 */
export const serviceQueryKey = (serviceId: number) => ['service', serviceId] as const;
export const serviceListQueryKey = ['services'] as const;

/**
 * What a live event makes stale: everything about its service and the service list; a service set
 * up after payment also the invoice lists (the dashboard's Due Invoices card among them), since
 * its order's invoice was paid just before.
 */
export function staleQueriesOf(event: StreamEvent): QueryKey[] {
  if (!isServiceEventData(event.data)) return [];
  const keys: QueryKey[] = [serviceQueryKey(event.data.serviceId), serviceListQueryKey];
  if (event.name === EventName.serviceProvisioned) keys.push(invoiceListsKey);
  return keys;
}

/**
 * Refreshes what is on screen when the server reports a change to a service (power settled,
 * rebuild moved on, backup finished, set up after payment), instead of waiting for the next poll.
 */
export function useLiveServiceUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeToEvents((event) => {
      for (const queryKey of staleQueriesOf(event)) void queryClient.invalidateQueries({ queryKey });
    });
  }, [enabled, queryClient]);
}

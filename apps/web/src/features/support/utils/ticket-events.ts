import { EventName } from '@rackdesk/contract';
import type { StreamEvent } from '../../../lib/event-stream.ts';

/** Whether a live event says that ticket `tid` changed (a staff reply, a new status). */
export function isUpdateOfTicket(event: StreamEvent, tid: string): boolean {
  if (event.name !== EventName.ticketUpdated) return false;
  const data = event.data;
  return typeof data === 'object' && data !== null && (data as { tid?: unknown }).tid === tid;
}

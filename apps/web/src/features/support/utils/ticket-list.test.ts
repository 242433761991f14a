import type { TicketSummary } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { listSubject, ticketListView } from './ticket-list.ts';

const ticket: TicketSummary = {
  id: 1,
  tid: '482913',
  deptid: 1,
  deptname: 'Technical Support',
  subject: 'High network latency on web01 since this morning',
  status: 'Open',
  priority: 'High',
  date: '2026-11-20 10:00:00',
  lastreply: '2026-11-23 02:42:30',
};

describe('listSubject', () => {
  it('keeps subjects of up to 61 characters and cuts longer ones with an ellipsis', () => {
    const sixtyOne = 'x'.repeat(61);
    expect(listSubject(sixtyOne)).toBe(sixtyOne);
    expect(listSubject(`${sixtyOne}yz`)).toBe(`${sixtyOne}...`);
    expect(listSubject(ticket.subject)).toBe(ticket.subject);
  });
});

describe('ticketListView', () => {
  it('shows a loader while the first load runs', () => {
    expect(ticketListView({ isPending: true, isError: false })).toEqual({ kind: 'loading' });
  });

  it('shows the spec text when the tickets could not be loaded', () => {
    expect(ticketListView({ isPending: false, isError: true })).toEqual({
      kind: 'failed',
      message: 'Failed to load support tickets. Please try refreshing the page.',
    });
  });

  it('keeps the tickets shown when a refresh fails', () => {
    expect(ticketListView({ isPending: false, isError: true, data: [ticket] })).toEqual({
      kind: 'tickets',
      tickets: [ticket],
    });
  });

  it('shows the tickets, and an empty list as such', () => {
    expect(ticketListView({ isPending: false, isError: false, data: [] })).toEqual({
      kind: 'tickets',
      tickets: [],
    });
  });
});

import { EventName } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { isUpdateOfTicket } from './ticket-events.ts';

describe('isUpdateOfTicket', () => {
  it('matches the ticket.updated event of this ticket only', () => {
    expect(isUpdateOfTicket({ name: EventName.ticketUpdated, data: { tid: '123456' } }, '123456')).toBe(true);
    expect(isUpdateOfTicket({ name: EventName.ticketUpdated, data: { tid: '654321' } }, '123456')).toBe(
      false,
    );
    expect(isUpdateOfTicket({ name: EventName.serviceUpdated, data: { tid: '123456' } }, '123456')).toBe(
      false,
    );
  });

  it('ignores events without a ticket', () => {
    for (const data of [null, 'text', 123456, { tid: 123456 }, {}]) {
      expect(isUpdateOfTicket({ name: EventName.ticketUpdated, data }, '123456')).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dueInvoicesPath } from './get-due-invoices.ts';
import { recentTicketsPath } from './get-recent-tickets.ts';

describe('dashboard cards', () => {
  it('ask the server only for due invoices and tickets not Closed, one small page each', () => {
    expect(dueInvoicesPath).toBe('/invoices?due=true&limitnum=10');
    expect(recentTicketsPath).toBe('/support?open_only=true&limitnum=10');
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceSearchOf } from './invoice-search.ts';

describe('invoice search', () => {
  it('reads digits as the start of an invoice number', () => {
    expect(invoiceSearchOf({ q: '12' })).toEqual({ idPrefix: '12' });
    expect(invoiceSearchOf({ q: ' #1203 ' })).toEqual({ idPrefix: '1203' });
  });

  it('reads other text as the start of a status, in any case', () => {
    expect(invoiceSearchOf({ q: 'unp' })).toEqual({ statuses: ['Unpaid'] });
    expect(invoiceSearchOf({ q: 'PA' })).toEqual({ statuses: ['Paid', 'Payment Pending'] });
    expect(invoiceSearchOf({ q: 'overdue' })).toEqual({ statuses: ['Overdue'] });
  });

  it('matches nothing for text that starts no status', () => {
    expect(invoiceSearchOf({ q: 'hosting' })).toEqual({ statuses: [] });
  });

  it('narrows by status, and searches nothing when empty', () => {
    expect(invoiceSearchOf({})).toEqual({});
    expect(invoiceSearchOf({ q: '  ' })).toEqual({});
    expect(invoiceSearchOf({ status: 'Paid' })).toEqual({ statuses: ['Paid'] });
    expect(invoiceSearchOf({ status: 'Paid', q: 'p' })).toEqual({ statuses: ['Paid'] });
    expect(invoiceSearchOf({ status: 'Unpaid', q: 'p' })).toEqual({ statuses: [] });
    expect(invoiceSearchOf({ status: 'Unpaid', q: '7' })).toEqual({ statuses: ['Unpaid'], idPrefix: '7' });
  });
});

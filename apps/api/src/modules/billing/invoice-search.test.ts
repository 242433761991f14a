import { describe, expect, it } from 'vitest';
import { idRangesStartingWith, invoiceSearchOf } from './invoice-search.ts';

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

describe('id ranges of a number search', () => {
  it('covers every id that starts with the digits, up to the largest id', () => {
    expect(idRangesStartingWith('12')).toEqual([
      [12, 12],
      [120, 129],
      [1200, 1299],
      [12000, 12999],
      [120000, 129999],
      [1200000, 1299999],
      [12000000, 12999999],
      [120000000, 129999999],
      [1200000000, 1299999999],
    ]);
    expect(idRangesStartingWith('2147483647')).toEqual([[2147483647, 2147483647]]);
    expect(idRangesStartingWith('21474836')).toEqual([
      [21474836, 21474836],
      [214748360, 214748369],
      [2147483600, 2147483647],
    ]);
  });

  it('has none for what no id starts with', () => {
    expect(idRangesStartingWith('0')).toEqual([]);
    expect(idRangesStartingWith('007')).toEqual([]);
    expect(idRangesStartingWith('3000000000')).toEqual([]);
  });
});

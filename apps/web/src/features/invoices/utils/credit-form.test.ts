import type { InvoiceDetail } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { creditActions, creditAmountError, creditMaxCents } from './credit-form.ts';

const invoice = (patch: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: 7,
  invoiceid: 7,
  userid: 1,
  invoicenum: '7',
  date: '2026-11-01',
  duedate: '2026-12-01',
  datepaid: '0000-00-00 00:00:00',
  subtotal: '30.00',
  credit: '0.00',
  tax: '0.00',
  total: '30.00',
  balance: '30.00',
  status: 'Unpaid',
  paymentmethod: 'stripe',
  currencycode: 'USD',
  currencyprefix: '$',
  currencysuffix: ' USD',
  payto: 'Rackdesk',
  items: { item: [{ id: 1, description: 'VPS', amount: '30.00', type: 'Hosting', relid: 3 }] },
  transactions: { transaction: [] },
  ...patch,
});

describe('creditActions', () => {
  it('offers Apply Credit on an unpaid invoice when the account has credit', () => {
    expect(creditActions(invoice(), 2500, '2026-11-25')).toEqual({ apply: true, remove: false });
    expect(creditActions(invoice(), 0, '2026-11-25').apply).toBe(false);
  });

  it('offers no Apply Credit on an invoice that adds funds', () => {
    const funds = invoice({
      items: { item: [{ id: 1, description: 'Add Funds', amount: '30.00', type: 'AddFunds', relid: 0 }] },
    });
    expect(creditActions(funds, 2500, '2026-11-25').apply).toBe(false);
  });

  it('offers Remove Credit only with credit applied and the due date ahead', () => {
    const credited = invoice({ credit: '5.00', total: '25.00', balance: '25.00' });
    expect(creditActions(credited, 0, '2026-11-25').remove).toBe(true);
    expect(creditActions(credited, 0, '2026-12-01').remove).toBe(false);
  });
});

describe('creditMaxCents', () => {
  it('is the smaller of credit and balance for apply, the credit applied for remove', () => {
    expect(creditMaxCents('apply', invoice(), 2500)).toBe(2500);
    expect(creditMaxCents('apply', invoice(), 5000)).toBe(3000);
    expect(creditMaxCents('remove', invoice({ credit: '5.00' }), 5000)).toBe(500);
  });
});

describe('creditAmountError', () => {
  it('asks for a valid amount, then for one within the maximum', () => {
    expect(creditAmountError('', 2500)).toBe('Please enter a valid amount.');
    expect(creditAmountError(0, 2500)).toBe('Please enter a valid amount.');
    expect(creditAmountError('1.001', 2500)).toBe('Please enter a valid amount.');
    expect(creditAmountError(25.01, 2500)).toBe('Amount cannot exceed $25.00.');
    expect(creditAmountError(25, 2500)).toBeNull();
  });
});

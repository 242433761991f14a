import { describe, expect, it } from 'vitest';
import {
  amountStringToCents,
  canApplyCredit,
  canRemoveCredit,
  centsToAmountString,
  defaultGatewayFor,
  depositRoomCents,
  maxApplyCreditCents,
} from './invoice-rules.ts';

const hosting = [{ type: 'Hosting' }];

describe('money strings', () => {
  it('reads and writes two-decimal amounts without floating-point drift', () => {
    expect(amountStringToCents('0.29')).toBe(29);
    expect(amountStringToCents('1005.10')).toBe(100510);
    expect(amountStringToCents('4999.99')).toBe(499999);
    expect(centsToAmountString(29)).toBe('0.29');
    expect(centsToAmountString(100510)).toBe('1005.10');
    expect(centsToAmountString(0)).toBe('0.00');
  });
});

describe('credit rules', () => {
  it('offers Apply Credit for Unpaid, Overdue and Refunded invoices with credit and no AddFunds item', () => {
    expect(canApplyCredit({ status: 'Unpaid', items: hosting }, 1)).toBe(true);
    expect(canApplyCredit({ status: 'Overdue', items: hosting }, 1)).toBe(true);
    expect(canApplyCredit({ status: 'Refunded', items: hosting }, 1)).toBe(true);
    expect(canApplyCredit({ status: 'Paid', items: hosting }, 500)).toBe(false);
    expect(canApplyCredit({ status: 'Unpaid', items: hosting }, 0)).toBe(false);
    expect(canApplyCredit({ status: 'Unpaid', items: [{ type: 'AddFunds' }] }, 500)).toBe(false);
  });

  it('caps Apply Credit at the smaller of credit and balance', () => {
    expect(maxApplyCreditCents(2000, 500)).toBe(500);
    expect(maxApplyCreditCents(2000, 5000)).toBe(2000);
    expect(maxApplyCreditCents(0, 5000)).toBe(0);
  });

  it('offers Remove Credit only with credit applied, a future due date and Hosting items only', () => {
    const base = { status: 'Unpaid' as const, items: hosting, creditCents: 100, duedate: '2026-12-01' };
    expect(canRemoveCredit(base, '2026-11-25')).toBe(true);
    expect(canRemoveCredit({ ...base, creditCents: 0 }, '2026-11-25')).toBe(false);
    expect(canRemoveCredit(base, '2026-12-01')).toBe(false);
    expect(canRemoveCredit({ ...base, items: [...hosting, { type: 'Setup' }] }, '2026-11-25')).toBe(false);
    expect(canRemoveCredit({ ...base, status: 'Paid' }, '2026-11-25')).toBe(false);
  });
});

describe('default gateway', () => {
  const ok = { defaultgateway: 'paypal', user_details_ok: true };
  it("takes the invoice's method, else the account's default", () => {
    expect(defaultGatewayFor('stripe', ok)).toBe('stripe');
    expect(defaultGatewayFor('', ok)).toBe('paypal');
    expect(defaultGatewayFor('', { ...ok, defaultgateway: 'unknown' })).toBe('stripe');
  });
  it('forces Cryptomus while the account details are incomplete', () => {
    expect(defaultGatewayFor('stripe', { ...ok, user_details_ok: false })).toBe('cryptomusgateway');
  });
});

describe('deposit room', () => {
  it('keeps credit and unpaid deposits together within $5,000', () => {
    expect(depositRoomCents(0, 0)).toBe(500000);
    expect(depositRoomCents(120000, 30000)).toBe(350000);
    expect(depositRoomCents(499999, 0)).toBe(1);
    expect(depositRoomCents(450000, 100000)).toBe(0);
  });
});

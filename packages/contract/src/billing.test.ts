import { describe, expect, it } from 'vitest';
import {
  addFundsRequestSchema,
  amountToCents,
  INVOICE_TEXT,
  invoiceCreditRequestSchema,
  invoiceListQuerySchema,
} from './billing.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('money amounts a client sends', () => {
  const credit = (amount: unknown) => firstMessage(invoiceCreditRequestSchema.safeParse({ amount }));

  it('takes JSON numbers of dollars with at most two decimals', () => {
    for (const amount of [0.01, 1, 12.5, 12.34, 0.1 + 0.2, 4999.99]) expect(credit(amount)).toBeUndefined();
  });

  it('refuses everything else with one message', () => {
    for (const amount of ['10', true, [10], null, 0, -1, 1.005, 10.001, 1e300, Number.MAX_SAFE_INTEGER]) {
      expect(credit(amount), String(amount)).toBe(INVOICE_TEXT.invalidAmount);
    }
    expect(firstMessage(invoiceCreditRequestSchema.safeParse({}))).toBe(INVOICE_TEXT.invalidAmount);
  });

  it('turns dollars into cents without drift', () => {
    expect(amountToCents(0.29)).toBe(29);
    expect(amountToCents(1005.1)).toBe(100510);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('deposits', () => {
  const deposit = (body: object) => firstMessage(addFundsRequestSchema.safeParse(body));

  it('says the three messages of the Add Funds form', () => {
    expect(deposit({})).toBe(INVOICE_TEXT.depositEmpty);
    expect(deposit({ amount: 9.99 })).toBe(INVOICE_TEXT.minimumDeposit);
    expect(deposit({ amount: 5000.01 })).toBe(INVOICE_TEXT.maximumDeposit);
  });

  it('takes $10 to $5,000', () => {
    expect(deposit({ amount: 10 })).toBeUndefined();
    expect(deposit({ amount: 5000 })).toBeUndefined();
    expect(deposit({ amount: 'ten' })).toBe(INVOICE_TEXT.invalidAmount);
  });
});

describe('invoice list query', () => {
  const parse = (query: object) => invoiceListQuerySchema.safeParse(query);

  it('reads paging, status and search', () => {
    expect(parse({ limitstart: '0', limitnum: '25', status: 'Overdue', q: '12' }).data).toEqual({
      limitstart: 0,
      limitnum: 25,
      status: 'Overdue',
      q: '12',
    });
  });

  it('refuses pages over 100, signs, fractions and unknown statuses', () => {
    for (const query of [
      { limitnum: '101' },
      { limitnum: '0' },
      { limitnum: '-5' },
      { limitnum: '2.5' },
      { limitstart: '1e3' },
      { status: 'unpaid' },
      { q: 'x'.repeat(65) },
    ]) {
      expect(parse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

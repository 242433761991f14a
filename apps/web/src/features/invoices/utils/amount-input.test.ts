import { describe, expect, it } from 'vitest';
import { amountInputCents, centsToAmount } from './amount-input.ts';

describe('amountInputCents', () => {
  it('reads whole dollars and up to two decimals as exact cents', () => {
    expect(amountInputCents(10)).toBe(1000);
    expect(amountInputCents('0.1')).toBe(10);
    expect(amountInputCents(19.99)).toBe(1999);
    expect(amountInputCents('4999.99')).toBe(499999);
    expect(amountInputCents(' 25.5 ')).toBe(2550);
  });

  it('refuses zero, negatives, three decimals and anything not a plain number', () => {
    for (const value of [0, '0.00', -5, '-5', '1.234', '', ' ', 'abc', '1e3', '1,5', 'NaN', Infinity]) {
      expect(amountInputCents(value), String(value)).toBeNull();
    }
  });
});

describe('centsToAmount', () => {
  it('gives the JSON number of dollars', () => {
    expect(centsToAmount(1999)).toBe(19.99);
    expect(centsToAmount(1000)).toBe(10);
  });
});

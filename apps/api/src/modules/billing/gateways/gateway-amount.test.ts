import { describe, expect, it } from 'vitest';
import { parseAmountCents } from './gateway-amount.ts';

describe('parseAmountCents', () => {
  it('reads the ways gateways write an amount', () => {
    expect(parseAmountCents('20.00')).toBe(2000);
    expect(parseAmountCents('20.5')).toBe(2050);
    expect(parseAmountCents('20')).toBe(2000);
    expect(parseAmountCents('0.07')).toBe(7);
    expect(parseAmountCents(12.34)).toBe(1234);
    expect(parseAmountCents(0.1 + 0.2)).toBeUndefined();
  });

  it('refuses anything that is not plainly an amount', () => {
    for (const value of [
      '',
      ' 20.00',
      '-1.00',
      '1e3',
      '20.001',
      '20,00',
      '0x10',
      'NaN',
      null,
      undefined,
      {},
      Infinity,
    ]) {
      expect(parseAmountCents(value)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatUsd } from './money.ts';

describe('formatUsd', () => {
  it('shows cents as USD with thousands separators', () => {
    expect(formatUsd(968)).toBe('$9.68 USD');
    expect(formatUsd(123_456)).toBe('$1,234.56 USD');
    expect(formatUsd(0)).toBe('$0.00 USD');
  });

  it('puts the sign of a discount before the currency', () => {
    expect(formatUsd(-250)).toBe('-$2.50 USD');
  });
});

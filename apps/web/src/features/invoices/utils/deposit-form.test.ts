import { describe, expect, it } from 'vitest';
import { depositError } from './deposit-form.ts';

describe('depositError', () => {
  it('gives the three messages of the deposit form', () => {
    expect(depositError('')).toBe('Please enter the amount.');
    expect(depositError(9.99)).toBe('Minimum deposit is $10.00 USD');
    expect(depositError(5000.01)).toBe('Maximum deposit is $5000.00 USD');
  });

  it('accepts the limits themselves', () => {
    expect(depositError(10)).toBeNull();
    expect(depositError(5000)).toBeNull();
  });

  it('refuses what is not an amount', () => {
    expect(depositError('12.345')).toBe('Please enter a valid amount.');
    expect(depositError(-20)).toBe('Please enter a valid amount.');
  });
});

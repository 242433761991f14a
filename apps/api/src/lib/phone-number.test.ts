import { describe, expect, it } from 'vitest';
import { billingPhoneFormat, readPhoneNumber } from './phone-number.ts';

describe('readPhoneNumber', () => {
  it.each([
    ['212-555-0100', 'US', '+1 212 555 0100'],
    ['(212) 555 0100', 'US', '+1 212 555 0100'],
    ['+1.2125550100', 'US', '+1 212 555 0100'],
    ['020 7946 0958', 'GB', '+44 20 7946 0958'],
    ['06 12 34 56 78', 'FR', '+33 6 12 34 56 78'],
  ])('reads %s for %s in international form', (text, country, international) => {
    expect(readPhoneNumber(text, country)).toEqual({ valid: true, international });
  });

  it('accepts a number written with its own country code from another country', () => {
    expect(readPhoneNumber('+44 20 7946 0958', 'US')).toEqual({
      valid: true,
      international: '+44 20 7946 0958',
    });
  });

  it.each([
    ['12', 'US'],
    ['(555) 555-5555', 'US'],
    ['020 7946 0958', 'US'],
    ['call me', 'US'],
    ['+999 1234 5678', 'US'],
  ])('refuses %s, which is no valid number for %s', (text, country) => {
    expect(readPhoneNumber(text, country)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('needs the country code when no country with a numbering plan is given', () => {
    expect(readPhoneNumber('2125550100', '')).toEqual({ valid: false, reason: 'needs_country_code' });
    expect(readPhoneNumber('2125550100', 'AQ')).toEqual({ valid: false, reason: 'needs_country_code' });
    expect(readPhoneNumber('+1 212 555 0100', '')).toEqual({ valid: true, international: '+1 212 555 0100' });
  });
});

describe('billingPhoneFormat', () => {
  it('writes +CC.NATIONAL as the billing system does', () => {
    expect(billingPhoneFormat('+1 212 555 0100', 'US')).toBe('+1.2125550100');
    expect(billingPhoneFormat('2125550100', 'US')).toBe('+1.2125550100');
    expect(billingPhoneFormat('+44 20 7946 0958', 'US')).toBe('+44.2079460958');
  });

  it('is empty for no number, or one it cannot read', () => {
    expect(billingPhoneFormat('', 'US')).toBe('');
    expect(billingPhoneFormat('none', 'US')).toBe('');
  });
});

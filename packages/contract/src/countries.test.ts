import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';

describe('COUNTRY_CODES', () => {
  it('holds the 249 officially assigned ISO 3166-1 alpha-2 codes, once each', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('accepts assigned codes and refuses reserved or made-up ones', () => {
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('AX')).toBe(true);
    // UK is reserved for the United Kingdom's GB, XK is user-assigned, EU a grouping.
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('XK')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('us')).toBe(false);
  });
});

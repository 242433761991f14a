import { COUNTRY_CODES } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './country-options.ts';

describe('countryOptions', () => {
  it('offers every ISO code once, named in English and ordered by name', () => {
    const options = countryOptions();
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(options.map((option) => option.value)).size).toBe(COUNTRY_CODES.length);
    expect(options).toContainEqual({ value: 'US', label: 'United States' });
    expect(options).toContainEqual({ value: 'DE', label: 'Germany' });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
    expect(labels[0]).toBe('Afghanistan');
  });

  it('keeps a saved code outside the list choosable under its code', () => {
    expect(countryOptions('XK')).toContainEqual({ value: 'XK', label: 'Kosovo' });
    expect(countryOptions('US')).toHaveLength(COUNTRY_CODES.length);
    expect(countryOptions('')).toHaveLength(COUNTRY_CODES.length);
  });
});

describe('countryName', () => {
  it('names a code in English, and leaves anything else as it is', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('')).toBe('');
    expect(countryName('NOT_SET')).toBe('NOT_SET');
  });
});

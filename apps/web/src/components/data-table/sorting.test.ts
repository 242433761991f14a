import { describe, expect, it } from 'vitest';
import { displayDate, matchesSearch, showingText, sortValue } from './sorting.ts';

describe('data table helpers', () => {
  it('sorts 0000-00-00 dates as missing, so they stay last', () => {
    expect(sortValue('date', '0000-00-00')).toBeUndefined();
    expect(sortValue('date', '2026-01-02')).toBe('2026-01-02');
    expect(sortValue('number', '12.50')).toBe(12.5);
    expect(sortValue('string', 'Web01')).toBe('web01');
  });

  it('searches case-insensitively across the configured fields', () => {
    const row = { domain: 'Web01.example', ip: '198.51.100.30' };
    const fields = [(r: typeof row) => r.domain, (r: typeof row) => r.ip];
    expect(matchesSearch(row, fields, 'WEB01')).toBe(true);
    expect(matchesSearch(row, fields, '100.30')).toBe(true);
    expect(matchesSearch(row, fields, 'nope')).toBe(false);
    expect(matchesSearch(row, fields, '  ')).toBe(true);
  });

  it('writes the footer and N/A dates', () => {
    expect(showingText(0, 10, 13)).toBe('Showing 1 - 10 of 13 items');
    expect(showingText(1, 10, 13)).toBe('Showing 11 - 13 of 13 items');
    expect(showingText(0, 10, 0)).toBe('No items found');
    expect(displayDate('0000-00-00')).toBe('N/A');
    expect(displayDate('2026-05-01')).toBe('2026-05-01');
  });
});

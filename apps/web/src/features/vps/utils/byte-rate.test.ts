import { describe, expect, it } from 'vitest';
import { formatByteRate } from './byte-rate.ts';

describe('formatByteRate', () => {
  it.each([
    [0, '0 B/s'],
    [999, '999 B/s'],
    [1000, '1 KB/s'],
    [4_096_000, '4.1 MB/s'],
    [2.5e9, '2.5 GB/s'],
    [7e18, '7,000 PB/s'],
  ])('shows %d bytes per second as %s', (bytes, text) => {
    expect(formatByteRate(bytes)).toBe(text);
  });
});

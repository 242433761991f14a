import { describe, expect, it } from 'vitest';
import {
  BITS_PER_TB,
  bitsToGiB,
  formatBitRate,
  formatBits,
  formatByteRate,
  formatMemoryMb,
  formatNumber,
} from './units.ts';

describe('formatBits', () => {
  it.each([
    [0, '0 b'],
    [999, '999 b'],
    [1000, '1 Kb'],
    [1_500_000, '1.5 Mb'],
    [120_000_000, '120 Mb'],
    [8.59e9, '8.59 Gb'],
    [BITS_PER_TB * 10, '80 Tb'],
    [2.5e15, '2.5 Pb'],
    [3e18, '3,000 Pb'],
  ])('shows %d bits as %s, in steps of 1000', (bits, text) => {
    expect(formatBits(bits)).toBe(text);
  });

  it('rounds to the digits asked for and keeps the sign', () => {
    expect(formatBits(1_234_567, 1)).toBe('1.2 Mb');
    expect(formatBits(-2000)).toBe('-2 Kb');
  });

  it('writes rates per second', () => {
    expect(formatBitRate(28_000_000)).toBe('28 Mb/s');
  });
});

describe('bandwidth figures', () => {
  it('counts GiB as bits divided by 8.59e9', () => {
    expect(bitsToGiB(8.59e9)).toBe(1);
    expect(bitsToGiB(8.59e11)).toBeCloseTo(100);
  });

  it('counts a TB of allowance as 10^12 bytes of 8 bits', () => {
    expect(BITS_PER_TB).toBe(8e12);
  });
});

describe('formatMemoryMb', () => {
  it.each([
    [16384, '16 GB'],
    [65536, '64 GB'],
    [1536, '1.5 GB'],
    [1_047_552, '1,023 GB'],
    [1_048_576, '1 TB'],
    [1_572_864, '1.5 TB'],
  ])('shows %d MB as %s (TB from 1024 GB)', (mb, text) => {
    expect(formatMemoryMb(mb)).toBe(text);
  });
});

describe('formatNumber', () => {
  it('keeps at most the decimals asked for', () => {
    expect(formatNumber(1.23456)).toBe('1.23');
    expect(formatNumber(1.2, 0)).toBe('1');
  });
});

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

/**
 * Units of the servers spec §9, converted once here. Network figures are bits with 1000 steps
 * (b, Kb, Mb, Gb, Tb, Pb); memory of dedicated servers comes in MB, shown in GB (MB / 1024) or
 * in TB from 1024 GB.
 */

const BIT_UNITS = ['b', 'Kb', 'Mb', 'Gb', 'Tb', 'Pb'] as const;

/** Bits in one GiB as the spec reckons usage (8 × 2^30, rounded as the spec gives it). */
export const BITS_PER_GIB = 8.59e9;
/** Bits in one TB of a bandwidth allowance (10^12 bytes of 8 bits). */
export const BITS_PER_TB = 1e12 * 8;

const numberFormats = new Map<number, Intl.NumberFormat>();

/** A number with at most `digits` decimals and thousands separators (en-US). */
export function formatNumber(value: number, digits = 2): string {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Steps `value` through `units` by 1000 until it is below 1000 or the units run out. */
function inThousandSteps(value: number, units: readonly string[], digits: number): string {
  let scaled = Math.abs(value);
  let unit = 0;
  while (scaled >= 1000 && unit < units.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  return `${value < 0 ? '-' : ''}${formatNumber(scaled, digits)} ${units[unit]}`;
}

/** 1_500_000 → '1.5 Mb': the largest unit, in 1000 steps, that keeps the number at 1 or more. */
export const formatBits = (bits: number, digits = 2) => inThousandSteps(bits, BIT_UNITS, digits);

/** Disk throughput in 1000 steps like the network figures (servers spec §9): '4.1 MB/s'. */
export const formatByteRate = (bytesPerSecond: number, digits = 2) =>
  `${inThousandSteps(Math.max(0, bytesPerSecond), BYTE_UNITS, digits)}/s`;

/** A rate in bit/s: '120 Mb/s'. */
export const formatBitRate = (bitsPerSecond: number, digits = 2) => `${formatBits(bitsPerSecond, digits)}/s`;

export const bitsToGiB = (bits: number) => bits / BITS_PER_GIB;

/** 65536 → '64 GB'; 1572864 → '1.5 TB'. */
export function formatMemoryMb(memoryMb: number): string {
  const gb = memoryMb / 1024;
  return gb >= 1024 ? `${formatNumber(gb / 1024)} TB` : `${formatNumber(gb)} GB`;
}

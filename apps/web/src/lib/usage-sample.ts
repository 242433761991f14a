/**
 * One point of the usage charts, in the units they draw, whichever generation it comes from:
 * network in bits per second, disk in bytes per second, CPU in percent (0 to 100).
 */
export interface UsageSample {
  /** Epoch seconds. */
  time: number;
  cpuPercent: number;
  netInBits: number;
  netOutBits: number;
  readBytes: number;
  writeBytes: number;
}

/** CPU usage as the charts draw it: between 0 and 100 %. */
export const capPercent = (percent: number) => Math.min(100, Math.max(0, percent));

import { describe, expect, it } from 'vitest';
import { samplesFromStatRows, samplesSince } from './usage-samples.ts';

/** [vpsid, time, status, disk, inodes, ram, cpu, cpu of one core, net in, net out, read, write] */
const row = (time: number, cpu: number, netIn = 1000, netOut = 500, read = 4096, write = 2048) => [
  2001,
  time,
  1,
  12,
  3000,
  900,
  cpu,
  cpu * 2,
  netIn,
  netOut,
  read,
  write,
];

describe('samplesFromStatRows', () => {
  it('reads the spec columns, turns network bytes into bits and caps the CPU at 100%', () => {
    expect(samplesFromStatRows([row(1_700_000_300, 130, 1000, 250, 4096, 1024)])).toEqual([
      {
        time: 1_700_000_300,
        cpuPercent: 100,
        netInBits: 8000,
        netOutBits: 2000,
        readBytes: 4096,
        writeBytes: 1024,
      },
    ]);
  });

  it('orders the rows of two months by time', () => {
    const samples = samplesFromStatRows([row(300, 10), row(100, 20), row(200, 30)]);
    expect(samples.map((sample) => sample.time)).toEqual([100, 200, 300]);
  });
});

describe('samplesSince', () => {
  it('keeps the samples from the given time on', () => {
    const samples = samplesFromStatRows([row(100, 1), row(200, 2), row(300, 3)]);
    expect(samplesSince(samples, 200).map((sample) => sample.time)).toEqual([200, 300]);
  });
});

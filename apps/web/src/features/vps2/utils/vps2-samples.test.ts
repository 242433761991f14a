import { describe, expect, it } from 'vitest';
import { samplesFromVps2Stats } from './vps2-samples.ts';

const sample = (time: number, cpu: number) => ({
  time,
  cpu,
  diskread: 4096,
  diskwrite: 1024,
  netin: 1000,
  netout: 250,
});

describe('samplesFromVps2Stats', () => {
  it('gives the CPU fraction in percent, network in bits per second and disk in bytes per second', () => {
    expect(samplesFromVps2Stats([sample(1_700_000_060, 0.375)])).toEqual([
      {
        time: 1_700_000_060,
        cpuPercent: 37.5,
        netInBits: 8000,
        netOutBits: 2000,
        readBytes: 4096,
        writeBytes: 1024,
      },
    ]);
  });

  it('caps the CPU between 0 and 100%', () => {
    const [over, under] = samplesFromVps2Stats([sample(1, 1.4), sample(2, -0.1)]);
    expect(over!.cpuPercent).toBe(100);
    expect(under!.cpuPercent).toBe(0);
  });

  it('orders the samples by time', () => {
    const times = samplesFromVps2Stats([sample(300, 0), sample(100, 0), sample(200, 0)]).map((s) => s.time);
    expect(times).toEqual([100, 200, 300]);
  });
});

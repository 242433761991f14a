import { describe, expect, it } from 'vitest';
import { describeDisks } from './hardware.ts';

describe('describeDisks', () => {
  it('counts identical disks together, in the order they appear', () => {
    expect(
      describeDisks([
        { size: 3840, type: 'NVMe' },
        { size: 16000, type: 'HDD' },
        { size: 3840, type: 'NVMe' },
      ]),
    ).toEqual(['2 × 3,840 GB NVMe', '16,000 GB HDD']);
  });

  it('lists nothing for a server without disk information', () => {
    expect(describeDisks([])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatBackupSize } from './backup-size.ts';

describe('formatBackupSize', () => {
  it.each([
    [0, '0 GB'],
    [1e9, '1 GB'],
    [6_442_450_944, '6.44 GB'],
    [1_073_741_824, '1.07 GB'],
    [12_500_000, '0.01 GB'],
    [1_234_567_890_123, '1,234.57 GB'],
  ])('shows %d bytes as %s (1 GB = 10^9 bytes)', (bytes, text) => {
    expect(formatBackupSize(bytes)).toBe(text);
  });

  it('never shows a negative size', () => {
    expect(formatBackupSize(-1)).toBe('0 GB');
  });
});

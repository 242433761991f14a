import { describe, expect, it } from 'vitest';
import { isBackupDueOrDone } from './vps2-backups.service.ts';

describe('isBackupDueOrDone', () => {
  const now = 1_000_000;

  it('calls for a watch when the next run moved on since the last look: a backup ran', () => {
    expect(isBackupDueOrDone(now - 60, now + 72 * 3600, now)).toBe(true);
    // Even when our clock and the platform's disagree.
    expect(isBackupDueOrDone(now + 100, now + 72 * 3600, now)).toBe(true);
  });

  it('calls for a watch when a run is due and was not seen due before', () => {
    expect(isBackupDueOrDone(undefined, now - 5, now)).toBe(true);
    expect(isBackupDueOrDone(now - 3 * 86_400, now - 5, now)).toBe(true);
    expect(isBackupDueOrDone(now - 5, now - 5, now)).toBe(false);
  });

  it('leaves a schedule alone that has not changed, or is seen for the first time ahead of its run', () => {
    expect(isBackupDueOrDone(now + 600, now + 600, now)).toBe(false);
    expect(isBackupDueOrDone(undefined, now + 600, now)).toBe(false);
  });
});

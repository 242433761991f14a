import { describe, expect, it } from 'vitest';
import { formatSessionTime } from './session-time.ts';

describe('formatSessionTime', () => {
  it("writes the date and time the reader's way", () => {
    const iso = '2026-11-25T14:05:00.000Z';
    // ICU versions differ in the kind of space before AM/PM.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(formatSessionTime(iso, 'en-US', 'UTC'))).toBe('Nov 25, 2026, 2:05 PM');
    expect(formatSessionTime(iso, 'de-DE', 'Europe/Berlin')).toBe('25.11.2026, 15:05');
  });

  it('writes nothing for a time it cannot read', () => {
    expect(formatSessionTime('', 'en-US', 'UTC')).toBe('');
  });
});

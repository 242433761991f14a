import { describe, expect, it } from 'vitest';
import { recoveryCodesFileText } from './recovery-codes-file.ts';

describe('recoveryCodesFileText', () => {
  it('names the account and the day, keeps the notice, and lists one code per line', () => {
    const text = recoveryCodesFileText(
      ['abcde-fghjk', 'mnpqr-stuvw'],
      'dana@example.com',
      new Date('2026-11-25T23:30:00Z'),
    );
    expect(text).toBe(
      [
        'Rackdesk recovery codes for dana@example.com',
        'Created 2026-11-25; a newer set replaces these.',
        '',
        'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your second factor.',
        '',
        'abcde-fghjk',
        'mnpqr-stuvw',
        '',
      ].join('\n'),
    );
  });
});

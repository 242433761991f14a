import { ApiTokenText } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  expiryDateError,
  expiryFromDate,
  expiryText,
  isExpired,
  lastUsedText,
  scopeLabels,
} from './api-tokens.ts';

describe('API token texts', () => {
  it('names the scopes as the list shows them', () => {
    expect(scopeLabels.read).toBe('Read only');
    expect(scopeLabels.full).toBe('Full access');
  });

  it("shows 'Never' for a token without an expiry, else the moment", () => {
    expect(expiryText({ expires_at: null })).toBe('Never');
    expect(expiryText({ expires_at: '2027-01-31T12:00:00.000Z' }, 'UTC')).toBe('Jan 31, 2027, 12:00 PM');
  });

  it("shows 'Never used', or when and from which address the token was last used", () => {
    expect(lastUsedText({ last_used_at: null, last_used_ip: null })).toBe('Never used');
    expect(
      lastUsedText({ last_used_at: '2026-11-25T09:30:00.000Z', last_used_ip: '203.0.113.7' }, 'UTC'),
    ).toBe('Nov 25, 2026, 9:30 AM from 203.0.113.7');
    expect(lastUsedText({ last_used_at: '2026-11-25T09:30:00.000Z', last_used_ip: null }, 'UTC')).toBe(
      'Nov 25, 2026, 9:30 AM',
    );
  });

  it('tells an expired token from one still valid or without an expiry', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    expect(isExpired({ expires_at: '2026-11-25T11:59:59.000Z' }, now)).toBe(true);
    expect(isExpired({ expires_at: '2026-11-25T12:00:00.000Z' }, now)).toBe(true);
    expect(isExpired({ expires_at: '2026-11-25T12:00:01.000Z' }, now)).toBe(false);
    expect(isExpired({ expires_at: null }, now)).toBe(false);
  });
});

describe('the expiry day of a new token', () => {
  it('expires at the end of the chosen day where the user is', () => {
    expect(expiryFromDate('2027-01-31')).toBe(new Date(2027, 0, 31, 23, 59, 59, 999).toISOString());
    expect(expiryFromDate('')).toBeUndefined();
    expect(expiryFromDate('31/01/2027')).toBeUndefined();
  });

  it('writes a day as the date input does', () => {
    expect(dateInputValue(new Date(2027, 0, 5, 13, 0))).toBe('2027-01-05');
  });

  it('accepts no day, today or a later day, and refuses a day gone by', () => {
    const now = new Date(2026, 10, 25, 15, 0);
    expect(expiryDateError('', now)).toBeNull();
    expect(expiryDateError('2026-11-25', now)).toBeNull();
    expect(expiryDateError('2027-01-01', now)).toBeNull();
    expect(expiryDateError('2026-11-24', now)).toBe(ApiTokenText.expiryInPast);
    expect(expiryDateError('soon', now)).toBe('Please enter a date.');
  });
});

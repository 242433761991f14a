import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage, plainText } from './failure-message.ts';

describe('failureMessage', () => {
  it("shows a 4xx's own message", () => {
    expect(failureMessage(new ApiError(422, { message: 'Amount cannot exceed $5.00.' }), 'fallback')).toBe(
      'Amount cannot exceed $5.00.',
    );
  });

  it('falls back for server faults, network failures and empty bodies', () => {
    expect(failureMessage(new ApiError(500, { message: 'boom' }), 'fallback')).toBe('fallback');
    expect(failureMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(failureMessage(new ApiError(400, {}), 'fallback')).toBe('fallback');
  });
});

describe('plainText', () => {
  it('reads an HTML body as its text, without markup or scripts', () => {
    expect(
      plainText('<html><body><h1>Too &amp; late</h1><script>alert(1)</script><p>Try again</p></body></html>'),
    ).toBe('Too & late Try again');
  });

  it('leaves plain text alone', () => {
    expect(plainText('Amount must be 1 < 2')).toBe('Amount must be 1 < 2');
  });
});

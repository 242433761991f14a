import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { orderFailure } from './order-failure.ts';

const answer = (status: number, body: { message?: string; error?: string } = {}) =>
  new ApiError(status, body);

describe('orderFailure', () => {
  it('holds a 400 for review: Fraud Alert', () => {
    expect(orderFailure(answer(400, { message: 'held', error: 'fraud_check_failed' }))).toEqual({
      kind: 'fraud',
    });
  });

  it('toasts an unverified e-mail in the spec’s words, and other 403s in the server’s', () => {
    expect(orderFailure(answer(403, { error: 'email_unverified', message: 'x' }))).toEqual({
      kind: 'toast',
      message: 'Your email address is not verified.',
    });
    expect(
      orderFailure(answer(403, { error: 'permission_required', message: 'No order permission.' })),
    ).toEqual({
      kind: 'toast',
      message: 'No order permission.',
    });
  });

  it('asks for the details a non-crypto gateway needs', () => {
    expect(orderFailure(answer(403, { error: 'user_details_required', message: 'x' }))).toEqual({
      kind: 'details-required',
    });
  });

  it('shows a 422’s message in the summary', () => {
    expect(orderFailure(answer(422, { message: 'Only 2 left' }))).toEqual({
      kind: 'summary',
      message: 'Only 2 left',
    });
  });

  it('ends at step 4 on anything else, with a refusal’s words but never a server fault’s body', () => {
    expect(orderFailure(answer(409, { message: 'This product is out of stock.' }))).toEqual({
      kind: 'failed',
      message: 'This product is out of stock.',
    });
    expect(orderFailure(answer(502, { message: '<html>Bad Gateway</html>' }))).toEqual({
      kind: 'failed',
      message: 'An error occurred, please try again',
    });
    expect(orderFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'failed',
      message: 'An error occurred, please try again',
    });
  });

  it('leaves a 401 to the sign-in redirect', () => {
    expect(orderFailure(answer(401))).toEqual({ kind: 'signed-out' });
  });
});

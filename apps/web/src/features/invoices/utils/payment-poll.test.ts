import { describe, expect, it } from 'vitest';
import { PAYMENT_POLL_FOR_MS, paymentPollMs } from './payment-poll.ts';

describe('paymentPollMs', () => {
  it('polls every 3 s while a reported payment has not landed', () => {
    expect(paymentPollMs('Unpaid', true, 0)).toBe(3000);
    expect(paymentPollMs('Overdue', true, 30_000)).toBe(3000);
    expect(paymentPollMs(undefined, true, 0)).toBe(3000);
  });

  it('stops once the invoice is paid, after a minute, or without a reported success', () => {
    expect(paymentPollMs('Paid', true, 0)).toBe(false);
    expect(paymentPollMs('Unpaid', true, PAYMENT_POLL_FOR_MS)).toBe(false);
    expect(paymentPollMs('Unpaid', false, 0)).toBe(false);
  });
});

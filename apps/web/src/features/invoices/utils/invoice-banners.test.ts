import { describe, expect, it } from 'vitest';
import { invoiceBanners, reportsPayment } from './invoice-banners.ts';

const titles = (query: string) => invoiceBanners(new URLSearchParams(query)).map((banner) => banner.title);

describe('invoiceBanners', () => {
  it('thanks for the order and reports the payment', () => {
    const banners = invoiceBanners(new URLSearchParams('success=true&orderId=51'), 'Paid');
    expect(banners.map((banner) => banner.title)).toEqual([
      'Thank you for your order!',
      'Payment Successful!',
    ]);
    expect(banners[0]!.text).toContain('51');
    expect(banners[0]!.text).toContain('confirmation email');
  });

  it('does not report a payment for an order whose invoice is still unpaid', () => {
    expect(titles('success=true&orderId=51')).toEqual(['Thank you for your order!']);
    expect(
      invoiceBanners(new URLSearchParams('success=true'), 'Unpaid').map((banner) => banner.title),
    ).toEqual(['Payment Successful!']);
    expect(reportsPayment(new URLSearchParams('success=true'))).toBe(true);
    expect(reportsPayment(new URLSearchParams('success=true&orderId=51'))).toBe(false);
  });

  it('gives the order number the wizard passes on, the one the confirmation mail names', () => {
    const [order] = invoiceBanners(new URLSearchParams('success=true&orderId=51&ordernum=8302114'));
    expect(order!.text).toBe(
      'Your order number is 8302114. A confirmation email will be sent to you shortly.',
    );
  });

  it('reports a failed payment', () => {
    expect(titles('success=false')).toEqual(['Payment Unsuccessful! Please try again']);
  });

  it('shows nothing without those parameters or with other values', () => {
    expect(titles('')).toEqual([]);
    expect(titles('success=maybe&orderId=')).toEqual([]);
  });
});

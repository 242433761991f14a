import type { InvoiceStatus } from '@rackdesk/contract';

/** A result banner of the invoice page (portal spec §2 Invoices). */
export interface InvoiceBanner {
  key: string;
  tone: 'success' | 'error';
  title: string;
  text?: string;
}

/**
 * Whether `success=true` reports a payment: a gateway's return (portal spec §2 Invoices). The
 * order wizard's All Done sends `success=true` with `orderId` for the order placed, whose invoice
 * is still to be paid.
 */
export const reportsPayment = (search: URLSearchParams): boolean =>
  search.get('success') === 'true' && !search.get('orderId')?.trim();

/**
 * The banners the page's query asks for: `orderId` thanks for the order (the order wizard sends
 * the browser here), `success=true|false` gives the payment's result. The wizard adds `ordernum`,
 * the number the customer quotes (the one the confirmation mail names); without it the order's id
 * stands for it. After an order, 'Payment Successful!' waits until the invoice is Paid.
 */
export function invoiceBanners(search: URLSearchParams, status?: InvoiceStatus): InvoiceBanner[] {
  const banners: InvoiceBanner[] = [];
  const orderId = search.get('orderId')?.trim();
  const orderNumber = search.get('ordernum')?.trim() || orderId;
  if (orderId) {
    banners.push({
      key: 'order',
      tone: 'success',
      title: 'Thank you for your order!',
      text: `Your order number is ${orderNumber}. A confirmation email will be sent to you shortly.`,
    });
  }
  const success = search.get('success');
  if (success === 'true' && (reportsPayment(search) || status === 'Paid')) {
    banners.push({ key: 'payment', tone: 'success', title: 'Payment Successful!' });
  }
  if (success === 'false') {
    banners.push({ key: 'payment', tone: 'error', title: 'Payment Unsuccessful! Please try again' });
  }
  return banners;
}

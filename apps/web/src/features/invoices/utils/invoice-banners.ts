/** A result banner of the invoice page (portal spec §2 Invoices). */
export interface InvoiceBanner {
  key: string;
  tone: 'success' | 'error';
  title: string;
  text?: string;
}

/**
 * The banners the page's query asks for: `orderId` thanks for the order (a gateway or the order
 * wizard sends the browser here), `success=true|false` gives the payment's result. The order
 * wizard adds `ordernum`, the number the customer quotes (the one the confirmation mail names);
 * without it the order's id stands for it.
 */
export function invoiceBanners(search: URLSearchParams): InvoiceBanner[] {
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
  if (success === 'true') banners.push({ key: 'payment', tone: 'success', title: 'Payment Successful!' });
  if (success === 'false') {
    banners.push({ key: 'payment', tone: 'error', title: 'Payment Unsuccessful! Please try again' });
  }
  return banners;
}

import { Button } from '@mantine/core';
import { useBitcoinCheckout } from '../api/gateway-payments.ts';
import type { PayButtonProps } from './pay-buttons.ts';

/**
 * Pay Now by Bitcoin: the BitPay invoice is requested when the page opens; paying opens BitPay's
 * invoice viewer in a new window, and the invoice page reloads when it is shown again.
 */
export default function BitcoinPayButton({ invoice, onPaid }: PayButtonProps) {
  const checkout = useBitcoinCheckout(invoice.invoiceid, invoice.balance);
  if (checkout.isError) return <Button disabled>Bitcoin Pay Unavailable</Button>;

  const open = () => {
    if (!checkout.data) return;
    window.open(checkout.data.url, '_blank', 'noopener');
    // The payment arrives by BitPay's IPN: look again once the buyer comes back to this window.
    window.addEventListener('focus', onPaid, { once: true });
  };

  return (
    <Button loading={checkout.isPending} onClick={open}>
      Pay Now
    </Button>
  );
}

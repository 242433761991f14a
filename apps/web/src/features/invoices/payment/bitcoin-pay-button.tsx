import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useBitcoinCheckout } from '../api/gateway-payments.ts';
import { PAYMENT_POLL_FOR_MS, PAYMENT_POLL_MS } from '../utils/payment-poll.ts';
import type { PayButtonProps } from './pay-buttons.ts';

/**
 * Pay Now by Bitcoin: the BitPay invoice is requested when the page opens; paying opens BitPay's
 * invoice viewer in a new window. The payment arrives by BitPay's IPN while this page stays open
 * behind the viewer, so the page asks for the invoice again for a while after each opening, and
 * once more whenever the buyer comes back to this window.
 */
export default function BitcoinPayButton({ invoice, onPaid }: PayButtonProps) {
  const checkout = useBitcoinCheckout(invoice.invoiceid, invoice.balance);
  const [openedAt, setOpenedAt] = useState<number>();
  // The page hands a new callback on every render; the timer keeps running with the latest one.
  const reload = useRef(onPaid);
  reload.current = onPaid;

  useEffect(() => {
    if (openedAt === undefined) return;
    const look = () => reload.current();
    const poll = window.setInterval(() => {
      if (Date.now() - openedAt >= PAYMENT_POLL_FOR_MS) window.clearInterval(poll);
      else look();
    }, PAYMENT_POLL_MS);
    window.addEventListener('focus', look);
    return () => {
      window.clearInterval(poll);
      window.removeEventListener('focus', look);
    };
  }, [openedAt]);

  if (checkout.isError) return <Button disabled>Bitcoin Pay Unavailable</Button>;

  const open = () => {
    if (!checkout.data) return;
    window.open(checkout.data.url, '_blank', 'noopener');
    setOpenedAt(Date.now());
  };

  return (
    <Button loading={checkout.isPending} onClick={open}>
      Pay Now
    </Button>
  );
}

import { Button } from '@mantine/core';
import { useCryptomusCheckout } from '../api/gateway-payments.ts';
import type { PayButtonProps } from './pay-buttons.ts';

/** Pay Now by Cryptomus: the payment is requested when the page opens; paying goes to its page. */
export default function CryptomusPayButton({ invoice }: PayButtonProps) {
  const checkout = useCryptomusCheckout(invoice.invoiceid, invoice.balance);
  if (checkout.isError) return <Button disabled>Cryptomus Unavailable</Button>;
  return (
    <Button
      loading={checkout.isPending}
      onClick={() => checkout.data && window.location.assign(checkout.data.url)}
    >
      Pay Now
    </Button>
  );
}

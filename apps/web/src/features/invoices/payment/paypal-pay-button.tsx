import { Button } from '@mantine/core';
import { ErrorCode } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { usePaypalCheckout } from '../api/gateway-payments.ts';
import type { PayButtonProps } from './pay-buttons.ts';
import { submitForm } from './submit-form.ts';

/** Pay Now by PayPal: asks the server for the checkout form, then posts it to PayPal. */
export default function PaypalPayButton({ invoice }: PayButtonProps) {
  const checkout = usePaypalCheckout();
  // An incomplete profile is the page's to explain (its 'Add Required Info' modal); the button stays.
  const unavailable =
    checkout.isError &&
    !(isApiError(checkout.error) && checkout.error.code === ErrorCode.userDetailsRequired);

  const pay = () =>
    checkout.mutate(invoice.invoiceid, {
      onSuccess: ({ action, fields }) => submitForm(action, fields),
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCode.userDetailsRequired) notify(error.message, 'error');
      },
    });

  return (
    <Button onClick={pay} loading={checkout.isPending || checkout.isSuccess} disabled={unavailable}>
      {unavailable ? 'Paypal Pay Unavailable' : 'Pay Now'}
    </Button>
  );
}

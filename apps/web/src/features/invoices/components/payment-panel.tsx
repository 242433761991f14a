import { Button, Group, Select, Stack } from '@mantine/core';
import {
  defaultGatewayFor,
  type InvoiceDetail,
  isCryptoGateway,
  isPaymentGateway,
  NON_CRYPTO_DETAILS_REQUIRED,
  type PaymentGateway,
  type User,
} from '@rackdesk/contract';
import { type ReactNode, Suspense, useState } from 'react';
import { RequiredInfoModal } from '../../../components/required-info-modal.tsx';
import { SectionErrorBoundary } from '../../../components/section-error-boundary.tsx';
import { notify } from '../../../lib/notify.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { payButtons } from '../payment/pay-buttons.ts';

interface PaymentPanelProps {
  invoice: InvoiceDetail;
  user: User;
  onPaid: () => void;
  /** The account's details form, shown when a non-crypto payment needs them. */
  profileForm: ReactNode;
}

/**
 * For an invoice still to be paid: the payment method select and Pay Now (portal spec §4, §5): the page starts on the invoice's
 * gateway, else the account's default, and on Cryptomus while the account's details are
 * incomplete; choosing a non-crypto gateway then asks for the details first.
 */
export function PaymentPanel({ invoice, user, onPaid, profileForm }: PaymentPanelProps) {
  const methods = usePaymentMethods();
  const [chosen, setChosen] = useState<PaymentGateway | null>(null);
  const [pending, setPending] = useState<PaymentGateway | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Details completed in the modal: the gateway the user asked for is theirs now.
  if (pending && user.user_details_ok) {
    setChosen(pending);
    setPending(null);
    setError(null);
  }

  const offered = (methods.data ?? []).filter((method) => isPaymentGateway(method.module));
  const fallback = defaultGatewayFor(invoice.paymentmethod, user);
  const preferred = chosen ?? fallback;
  const selected = offered.some((method) => method.module === preferred)
    ? preferred
    : (offered[0]?.module as PaymentGateway | undefined);

  const choose = (module: string | null) => {
    if (!module || !isPaymentGateway(module)) return;
    if (!user.user_details_ok && !isCryptoGateway(module)) {
      setError(NON_CRYPTO_DETAILS_REQUIRED);
      notify(NON_CRYPTO_DETAILS_REQUIRED, 'error');
      setPending(module);
      return;
    }
    setError(null);
    setChosen(module);
  };

  const PayButton = selected ? payButtons[selected] : undefined;
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Payment Method"
          data={offered.map((method) => ({ value: method.module, label: method.displayname }))}
          value={selected ?? null}
          onChange={choose}
          allowDeselect={false}
          disabled={methods.isPending}
          placeholder={
            methods.isError
              ? 'Payment methods unavailable'
              : methods.isSuccess && offered.length === 0
                ? 'No payment method available'
                : undefined
          }
          error={error}
          w={{ base: '100%', xs: 260 }}
        />
        {PayButton ? (
          <SectionErrorBoundary context="The payment button could not be loaded.">
            <Suspense fallback={<Button loading>Pay Now</Button>}>
              <PayButton invoice={invoice} onPaid={onPaid} />
            </Suspense>
          </SectionErrorBoundary>
        ) : (
          <Button disabled loading={methods.isPending}>
            {methods.isPending ? 'Pay Now' : 'Unavailable'}
          </Button>
        )}
      </Group>
      <RequiredInfoModal opened={pending !== null} onClose={() => setPending(null)}>
        {profileForm}
      </RequiredInfoModal>
    </Stack>
  );
}

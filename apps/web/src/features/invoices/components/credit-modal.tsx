import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { centsToAmountString, type InvoiceDetail } from '@rackdesk/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { notify } from '../../../lib/notify.ts';
import { type CreditChange, useChangeInvoiceCredit } from '../api/change-invoice-credit.ts';
import { amountInputCents, centsToAmount } from '../utils/amount-input.ts';
import { CREDIT_FAILED, creditAmountError } from '../utils/credit-form.ts';
import { failureMessage } from '../utils/failure-message.ts';
import { AmountInput } from './amount-input.tsx';

const titles: Record<CreditChange, string> = { apply: 'Apply Credit', remove: 'Remove Credit' };

interface CreditModalProps {
  change: CreditChange;
  invoice: InvoiceDetail;
  maxCents: number;
  opened: boolean;
  onClose: () => void;
}

/** The amount to apply to the invoice from the account's credit, or to give back to it (spec §5). */
export function CreditModal({ change, invoice, maxCents, opened, onClose }: CreditModalProps) {
  const mutation = useChangeInvoiceCredit(invoice.id, change);
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const max = centsToAmountString(maxCents);

  const close = () => {
    setAmount('');
    setError(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = creditAmountError(amount, maxCents);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { amount: centsToAmount(amountInputCents(amount)!), idempotencyKey: idempotency.key },
      {
        onSuccess: (response) => {
          idempotency.renew();
          notify(response.message, 'success');
          close();
        },
        onError: (failure) => {
          const message = failureMessage(failure, CREDIT_FAILED[change]);
          // The server's word on the amount goes under the field; anything else is a toast.
          if (isApiError(failure) && failure.fieldError('amount')) setError(failure.fieldError('amount')!);
          else notify(message, 'error');
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={titles[change]}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AmountInput
            label="Amount"
            description={`Maximum: $${max} USD`}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
              // Another amount is another action: a retry of it must not replay this one.
              idempotency.renew();
            }}
            error={error}
            data-autofocus
            required
          />
          <Text size="sm" c="dimmed">
            {change === 'apply'
              ? 'The amount is taken from your account credit and paid towards this invoice.'
              : 'The amount is taken off this invoice and returned to your account credit.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {titles[change]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

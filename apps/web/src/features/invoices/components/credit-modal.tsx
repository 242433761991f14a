import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { centsToAmountString, type InvoiceDetail } from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { type CreditChange, useChangeInvoiceCredit } from '../api/change-invoice-credit.ts';
import { useAmountForm } from '../hooks/use-amount-form.ts';
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
  const form = useAmountForm((value) => creditAmountError(value, maxCents));
  const max = centsToAmountString(maxCents);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((amount, idempotencyKey) =>
    mutation.mutate(
      { amount, idempotencyKey },
      {
        onSuccess: (response) => {
          form.done();
          notify(response.message, 'success');
          close();
        },
        onError: (failure) => {
          // The server's word on the amount goes under the field; anything else is a toast.
          const fieldError = isApiError(failure) ? failure.fieldError('amount') : undefined;
          if (fieldError) form.setError(fieldError);
          else notify(failureMessage(failure, CREDIT_FAILED[change]), 'error');
        },
      },
    ),
  );

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
            {...form.inputProps}
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

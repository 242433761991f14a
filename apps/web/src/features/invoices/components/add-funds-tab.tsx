import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '../../../lib/routing.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddFunds } from '../api/add-funds.ts';
import { useAmountForm } from '../hooks/use-amount-form.ts';
import { DEPOSIT_FAILED, depositError } from '../utils/deposit-form.ts';
import { failureMessage } from '../utils/failure-message.ts';
import { AmountInput } from './amount-input.tsx';

/**
 * Add Funds (portal spec §2 Account, §5 Deposit, §9): a deposit of $10 to $5,000 becomes an
 * AddFunds invoice, paid like any other; its payment raises the account's credit.
 */
export function AddFundsTab() {
  const { data: user } = useCurrentUser();
  const addFunds = useAddFunds();
  const navigate = useNavigate();
  const form = useAmountForm(depositError);

  const submit = form.onSubmit((amount, idempotencyKey) =>
    addFunds.mutate(
      { amount, idempotencyKey },
      {
        onSuccess: (response) => navigate(paths.invoice(response.invoiceid)),
        onError: (failure) =>
          form.setError(
            (isApiError(failure) ? failure.fieldError('amount') : undefined) ??
              failureMessage(failure, DEPOSIT_FAILED),
          ),
      },
    ),
  );

  return (
    <SectionCard
      title="Add Funds"
      description="Deposit funds to your account: the credit pays your invoices as they come."
    >
      <Text>
        Current credit:{' '}
        <Text span fw={700}>
          ${user?.credit ?? '0.00'} USD
        </Text>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={360}>
          <AmountInput
            label="Amount"
            description="From $10.00 to $5000.00 USD; your credit may not exceed $5000.00 USD."
            {...form.inputProps}
            required
          />
          <Text size="sm" c="dimmed">
            Deposits are non-refundable.
          </Text>
          <Group>
            <Button type="submit" loading={addFunds.isPending}>
              Add Funds
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

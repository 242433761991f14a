import { IDEMPOTENCY_KEY_HEADER } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

interface AddFundsResponse {
  message: string;
  invoiceid: number;
}

/** `POST invoices/funds {amount}`: an AddFunds invoice whose payment raises the credit. */
export function useAddFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      api.post<AddFundsResponse>(
        invoiceApiPaths.funds,
        { amount },
        { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}

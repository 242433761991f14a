import type { InvoiceDetail } from '@rackdesk/contract';
import { IDEMPOTENCY_KEY_HEADER, INVOICE_RELOAD_MS } from '@rackdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session-user.ts';
import { invoiceApiPaths, invoiceKeys } from './keys.ts';

export type CreditChange = 'apply' | 'remove';

interface CreditChangeResponse {
  message: string;
  invoice: InvoiceDetail;
  credit: string;
}

interface CreditChangeInput {
  amount: number;
  idempotencyKey: string;
}

/**
 * `POST invoices/{id}/apply-credit` or `…/remove-credit` (portal spec §7). The answer's invoice and
 * credit show at once; the invoice reloads 1.5 s later (spec §4), as the services may have followed.
 */
export function useChangeInvoiceCredit(invoiceId: number, change: CreditChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: CreditChangeInput) =>
      api.post<CreditChangeResponse>(
        invoiceApiPaths.credit(invoiceId, change),
        { invoiceid: invoiceId, amount },
        { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
      ),
    onSuccess: (response) => {
      queryClient.setQueryData(invoiceKeys.detail(invoiceId), response.invoice);
      setSessionUser((user) => (user ? { ...user, credit: response.credit } : user));
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) });
      }, INVOICE_RELOAD_MS);
    },
  });
}
